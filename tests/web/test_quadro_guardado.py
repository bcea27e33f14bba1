"""O quadro de candidatos guardado (`cotas_web.ponte.quadro`): a marca de versão renovada pelos
gatilhos do banco a cada mudança nos candidatos, por qualquer caminho; o quadro só é guardado
fora de um ato e só é lido enquanto a marca é a mesma; dentro de um ato que mudou os candidatos,
o motor lê o banco."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from django.conf import settings
from django.db import connection, transaction

from cotas_web.candidatos.correcoes import candidato_corrigir
from cotas_web.candidatos.models import Candidato
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.ponte import leis, quadro, tabela
from cotas_web.ponte.marcas import marca, marcas_dos_cargos


def _arquivos(certame: Any) -> list[Path]:
    return sorted((Path(settings.ARQUIVOS_PRIVADOS) / "quadros" / str(certame.pk)).rglob("*.arrow"))


def _marca_do_arquivo(arquivo: Path) -> str:
    return arquivo.stem.split("__")[1]


@pytest.mark.django_db
def test_a_marca_muda_a_cada_mudanca_nos_candidatos_por_qualquer_caminho(
    certame_com_candidatos: Any,
) -> None:
    certame = certame_com_candidatos
    marcas = [marca(certame.pk)]
    assert marcas[0]  # a importação já marcou
    alice = Candidato.objects.get(certame=certame, inscricao="1001")
    alice.nome = "Alice Branco da Silva"
    alice.save(update_fields=["nome"])
    marcas.append(marca(certame.pk))
    with connection.cursor() as cursor:  # direto no banco, sem o Django
        cursor.execute(
            "UPDATE candidatos_candidato SET nota = 1 WHERE certame_id = %s AND inscricao = %s",
            [certame.pk, "1002"],
        )
    marcas.append(marca(certame.pk))
    Candidato.objects.filter(certame=certame, inscricao="1003").update(nota=2)
    marcas.append(marca(certame.pk))
    assert len(set(marcas)) == 4
    # Uma remoção tira a marca: sem ela, nenhum quadro guardado vale até a próxima mudança.
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM candidatos_candidato WHERE certame_id = %s AND inscricao = %s",
            [certame.pk, "1005"],
        )
    assert marca(certame.pk) == ""


@pytest.mark.django_db(transaction=True)
def test_quadro_guardado_fora_de_um_ato_e_renovado_quando_os_candidatos_mudam(
    certame_com_candidatos: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    certame = certame_com_candidatos
    regras = leis.regras_do_certame(certame)
    primeira = tabela.tabela_de_candidatos(certame, regras)
    (arquivo,) = _arquivos(certame)  # (um cargo: um quadro, da marca dele)
    (marca_do_cargo,) = marcas_dos_cargos(certame.pk).values()
    assert _marca_do_arquivo(arquivo) == marca_do_cargo

    # Com a mesma marca, o quadro vem do disco: o banco não é lido.
    def nao_leia(*_: Any) -> Any:
        raise AssertionError("leu o banco com o quadro guardado")

    monkeypatch.setattr(tabela, "_quadro_do_banco", nao_leia)
    assert tabela.tabela_de_candidatos(certame, regras).quadro.equals(primeira.quadro)
    monkeypatch.undo()

    # Uma mudança direto no banco renova a marca: o quadro é lido de novo e guardado no lugar.
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE candidatos_candidato SET nome = 'Outro Nome' WHERE certame_id = %s "
            "AND inscricao = '1001'",
            [certame.pk],
        )
    nomes = dict(
        tabela.tabela_de_candidatos(certame, regras).quadro.select("inscricao", "nome").iter_rows()
    )
    assert nomes["1001"] == "Outro Nome"
    (novo,) = _arquivos(certame)
    (marca_do_cargo,) = marcas_dos_cargos(certame.pk).values()
    assert novo != arquivo and _marca_do_arquivo(novo) == marca_do_cargo


@pytest.mark.django_db(transaction=True)
def test_dentro_de_um_ato_o_quadro_nunca_e_guardado(certame_com_candidatos: Any) -> None:
    certame = certame_com_candidatos
    regras = leis.regras_do_certame(certame)
    with transaction.atomic():
        Candidato.objects.filter(certame=certame, inscricao="1001").update(nome="Desfeito")
        no_ato = tabela.tabela_de_candidatos(certame, regras)
        assert "Desfeito" in no_ato.quadro["nome"].to_list()
        transaction.set_rollback(True)
    assert _arquivos(certame) == []
    nomes = tabela.tabela_de_candidatos(certame, regras).quadro["nome"].to_list()
    assert "Desfeito" not in nomes


@pytest.mark.django_db(transaction=True)
def test_a_correcao_e_vista_pelo_motor_no_proprio_ato_com_o_quadro_guardado(
    certame_homologado: Any, rita: Any
) -> None:
    """Com o quadro da versão anterior guardado, a correção (que muda a nota no ato) é vista
    pelo motor no mesmo ato e em seguida: o quadro antigo nunca é lido depois dela."""
    certame = certame_homologado
    assert propostas_do_motor(certame=certame)[0].inscricao == "1001"
    assert _arquivos(certame)  # guardado pela leitura acima
    fabio = Candidato.objects.get(certame=certame, inscricao="1008")
    candidato_corrigir(
        usuario=rita,
        candidato=fabio,
        campo="nota",
        valor="99",
        motivo="Recurso provido",
        fundamento="Decisão do recurso nº 1",
        data=date(2025, 8, 5),
    )
    assert propostas_do_motor(certame=certame)[0].inscricao == "1008"


@pytest.mark.django_db(transaction=True)
def test_o_quadro_na_memoria_vale_so_para_a_marca_do_banco(
    certame_com_candidatos: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """O processo guarda o último quadro lido: o ato seguinte não lê nem o disco; uma mudança
    nos candidatos (outra marca no banco) o invalida; `QUADROS_NA_MEMORIA = 0` desliga."""
    certame = certame_com_candidatos
    regras = leis.regras_do_certame(certame)
    settings.QUADROS_NA_MEMORIA = 1
    primeira = tabela.tabela_de_candidatos(certame, regras)

    def nao_leia(*_: Any) -> Any:
        raise AssertionError("leu o disco ou o banco com o quadro na memória")

    with monkeypatch.context() as m:
        m.setattr(quadro, "_ler", nao_leia)
        m.setattr(tabela, "_quadro_do_banco", nao_leia)
        assert tabela.tabela_de_candidatos(certame, regras).quadro is primeira.quadro
    Candidato.objects.filter(certame=certame, inscricao="1001").update(nome="Mudado")
    nomes = tabela.tabela_de_candidatos(certame, regras).quadro["nome"].to_list()
    assert "Mudado" in nomes
    settings.QUADROS_NA_MEMORIA = 0
    guardado = quadro.Guardado(marca(certame.pk), {}, {})
    quadro._lembrar(certame.pk, "x", guardado)
    assert quadro._lembrado(certame.pk, "x") is None
    assert quadro._NA_MEMORIA == {}


@pytest.mark.django_db(transaction=True)
def test_cada_cargo_tem_a_sua_marca_e_o_quadro_e_remendado_so_no_cargo_que_mudou(
    rita: Any,
) -> None:
    """A marca de um cargo muda só com os candidatos dele (por qualquer caminho, remoção
    inclusive); o quadro guardado é remendado relendo do banco só os candidatos do cargo que
    mudou, e o remendado é o quadro lido do banco inteiro."""
    from io import StringIO

    from django.core.management import call_command

    from cotas_web.certames.models import Certame

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")
    regras = leis.regras_do_certame(certame)
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    marcas = marcas_dos_cargos(certame.pk)
    assert all(marcas.values())
    tabela.tabela_de_candidatos(certame, regras)  # guardado
    with connection.cursor() as cursor:  # direto no banco, sem o Django
        cursor.execute(
            "UPDATE candidatos_candidato SET nome = 'Nome Corrigido' WHERE id = %s",
            [Candidato.objects.filter(cargo=b).order_by("pk").values_list("pk", flat=True)[0]],
        )
    depois = marcas_dos_cargos(certame.pk)
    assert {c for c in marcas if marcas[c] != depois[c]} == {b.codigo}
    lidos: list[Any] = []
    do_banco = tabela._quadro_do_banco

    def ler(*args: Any) -> Any:
        lidos.append(args[3] if len(args) > 3 else None)
        return do_banco(*args)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(tabela, "_quadro_do_banco", ler)
        remendado = tabela.tabela_de_candidatos(certame, regras).quadro
    assert lidos == [[b.codigo]]
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    # As mesmas linhas; dentro de cada cargo, na ordem do arquivo (as relidas vão ao fim).
    assert remendado.sort("linha").equals(inteiro.sort("linha"))
    for cargo in (a.codigo, b.codigo):
        assert remendado.filter(pl.col("cargo") == cargo).equals(
            inteiro.filter(pl.col("cargo") == cargo)
        )
    assert "Nome Corrigido" in remendado["nome"].to_list()
    # A remoção de um candidato também muda a marca do cargo dele (e só a dele).
    Candidato.objects.filter(cargo=a).order_by("-pk")[0].delete()
    ultima = marcas_dos_cargos(certame.pk)
    assert {c for c in depois if depois[c] != ultima[c]} == {a.codigo}


@pytest.mark.django_db(transaction=True)
def test_o_quadro_lembrado_num_ato_desfeito_nunca_e_servido(rita: Any, settings: Any) -> None:
    """Dentro de um ato, o quadro remendado fica na memória (o segundo pedido do ato não relê o
    banco); desfeito o ato, a marca dele nunca volta: o pedido seguinte lê o quadro da marca de
    antes, o do banco, sem a mudança desfeita."""
    from io import StringIO

    from django.core.management import call_command

    from cotas_web.certames.models import Certame

    settings.QUADROS_NA_MEMORIA = 2
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")
    regras = leis.regras_do_certame(certame)
    b = list(certame.cargos.order_by("codigo"))[1]
    tabela.tabela_de_candidatos(certame, regras)  # guardado
    lidos: list[Any] = []
    do_banco = tabela._quadro_do_banco

    def ler(*args: Any) -> Any:
        lidos.append(args[3] if len(args) > 3 else None)
        return do_banco(*args)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(tabela, "_quadro_do_banco", ler)
        with transaction.atomic():
            Candidato.objects.filter(cargo=b).update(nome="Desfeito")
            for _ in range(2):
                assert "Desfeito" in tabela.tabela_de_candidatos(certame, regras).quadro["nome"]
            transaction.set_rollback(True)
        assert lidos == [[b.codigo]]  # uma leitura só do cargo no ato
        depois = tabela.tabela_de_candidatos(certame, regras).quadro
    assert lidos == [[b.codigo]]  # (o da marca de antes do ato, do disco)
    assert "Desfeito" not in depois["nome"].to_list()
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    assert depois.sort("linha").equals(inteiro.sort("linha"))


@pytest.mark.django_db(transaction=True)
def test_os_gatilhos_das_marcas_voltam_depois_de_todo_migrate(
    certame_com_candidatos: Any,
) -> None:
    """Uma migração que refaz a tabela dos candidatos no SQLite apaga os gatilhos dela: depois
    de todo `migrate` eles são recriados, e a marca volta a mudar com os candidatos."""
    from cotas_web.candidatos.apps import garantir_gatilhos
    from cotas_web.candidatos.versao import remover, remover_por_cargo

    certame = certame_com_candidatos
    with connection.schema_editor() as editor:  # (o que a tabela refeita deixaria)
        remover(editor)
        remover_por_cargo(editor)
    antes = marca(certame.pk), marcas_dos_cargos(certame.pk)
    Candidato.objects.filter(certame=certame, inscricao="1001").update(nome="Sem gatilho")
    assert (marca(certame.pk), marcas_dos_cargos(certame.pk)) == antes
    garantir_gatilhos()
    Candidato.objects.filter(certame=certame, inscricao="1001").update(nome="Com gatilho")
    depois = marca(certame.pk), marcas_dos_cargos(certame.pk)
    assert depois[0] != antes[0] and depois[1] != antes[1]


def _demo() -> Any:
    from io import StringIO

    from django.core.management import call_command

    from cotas_web.certames.models import Certame

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    return Certame.objects.get(nome="Concurso Público 01/2025")


def _leituras_do_banco(m: pytest.MonkeyPatch) -> list[Any]:
    """Os cargos pedidos a cada leitura do banco (None: todos)."""
    lidos: list[Any] = []
    do_banco = tabela._quadro_do_banco

    def ler(*args: Any, **kwargs: Any) -> Any:
        lidos.append(kwargs.get("ids", args[3] if len(args) > 3 else None))
        return do_banco(*args, **kwargs)

    m.setattr(tabela, "_quadro_do_banco", ler)
    return lidos


@pytest.mark.django_db(transaction=True)
def test_um_ato_num_cargo_grava_so_o_quadro_dele(rita: Any, settings: Any) -> None:
    """Cada cargo tem o seu arquivo, da marca dele. Um ato que muda os candidatos de um cargo
    deixa o quadro dele na memória (nada vai ao disco dentro do ato); a primeira leitura fora do
    ato grava só esse, sem ler o banco, e apaga o da marca antiga; os outros arquivos ficam
    intocados."""
    settings.QUADROS_NA_MEMORIA = 2
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    tabela.tabela_de_candidatos(certame, regras)
    antes = {p: p.stat().st_mtime_ns for p in _arquivos(certame)}
    marcas = marcas_dos_cargos(certame.pk)
    assert {_marca_do_arquivo(p) for p in antes} == {m for m in marcas.values() if m}
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        with transaction.atomic():
            Candidato.objects.filter(cargo=b).update(nome="No Ato")
            assert "No Ato" in tabela.tabela_de_candidatos(certame, regras).quadro["nome"]
            assert set(_arquivos(certame)) == set(antes)  # (nada ao disco no ato)
        assert lidos == [[b.codigo]]
        depois = tabela.tabela_de_candidatos(certame, regras).quadro
        assert lidos == [[b.codigo]]  # (fora do ato: da memória, gravado sem ler o banco)
    novas = marcas_dos_cargos(certame.pk)
    assert {c for c in marcas if marcas[c] != novas[c]} == {b.codigo}
    agora = {p: p.stat().st_mtime_ns for p in _arquivos(certame)}
    trocados = set(antes) ^ set(agora)
    assert {_marca_do_arquivo(p) for p in trocados} == {marcas[b.codigo], novas[b.codigo]}
    assert all(agora[p] == antes[p] for p in set(antes) & set(agora))
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    assert depois.sort("linha").equals(inteiro.sort("linha"))
    # O quadro na ordem dos cargos; dentro de cada um, na do arquivo importado.
    assert depois["cargo"].to_list() == sorted(depois["cargo"].to_list())
    for cargo in (a.codigo, b.codigo):
        assert depois.filter(pl.col("cargo") == cargo).equals(
            inteiro.filter(pl.col("cargo") == cargo)
        )


@pytest.mark.django_db(transaction=True)
def test_o_quadro_de_um_cargo_so_le_so_o_dele(rita: Any, settings: Any) -> None:
    """Pedido um cargo (os atos e painéis de um cargo), só o quadro dele é conferido e, se a
    marca dele mudou, relido do banco; o de um código que o certame não tem é vazio, com as
    colunas."""
    settings.QUADROS_NA_MEMORIA = 0  # (do disco, não da memória)
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    tabela.tabela_de_candidatos(certame, regras)
    Candidato.objects.filter(cargo=b).update(nome="Mudou")
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        so_a = tabela.tabela_de_candidatos(certame, regras, cargo=a.codigo).quadro
        assert lidos == []
        so_b = tabela.tabela_de_candidatos(certame, regras, cargo=b.codigo).quadro
        assert lidos == [[b.codigo]]
        nenhum = tabela.tabela_de_candidatos(certame, regras, cargo="NAO-EXISTE").quadro
    assert so_a.equals(inteiro.filter(pl.col("cargo") == a.codigo))
    assert so_b.equals(inteiro.filter(pl.col("cargo") == b.codigo))
    assert nenhum.is_empty() and nenhum.schema == inteiro.schema


@pytest.mark.django_db(transaction=True)
def test_os_arquivos_de_outra_forma_e_de_antes_sao_apagados(rita: Any) -> None:
    """Gravado um quadro, os arquivos do certame que não são das marcas atuais nesta forma
    saem: os de outra forma (outros critérios de desempate) e os de um arquivo só por certame,
    de antes dos quadros por cargo."""
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    pasta = Path(settings.ARQUIVOS_PRIVADOS) / "quadros" / str(certame.pk)
    (pasta / "outra-forma").mkdir(parents=True)
    velhos = [pasta / "outra-forma" / "x__y.arrow", pasta / "m__f.arrow", pasta / "m__f.json"]
    for velho in velhos:
        velho.write_bytes(b"")
    tabela.tabela_de_candidatos(certame, regras)
    assert not any(v.exists() for v in velhos) and not (pasta / "outra-forma").exists()
    marcas = {m for m in marcas_dos_cargos(certame.pk).values() if m}
    assert {_marca_do_arquivo(p) for p in _arquivos(certame)} == marcas


@pytest.mark.django_db(transaction=True)
def test_um_quadro_guardado_com_outras_colunas_nao_e_misturado(rita: Any, settings: Any) -> None:
    """Um arquivo da marca atual com outras colunas (gravado por outra versão do código) não se
    junta aos dos outros cargos: o quadro inteiro vem do banco."""
    settings.QUADROS_NA_MEMORIA = 0
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    tabela.tabela_de_candidatos(certame, regras)
    arquivo = _arquivos(certame)[0]
    pl.read_ipc(arquivo).drop("nome").write_ipc(arquivo)
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        relido = tabela.tabela_de_candidatos(certame, regras).quadro
    assert lidos == [None]
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    assert relido.sort("linha").equals(inteiro.sort("linha"))


@pytest.mark.django_db(transaction=True)
def test_sem_as_inscricoes_fora_uma_vez_por_versao(rita: Any, settings: Any) -> None:
    """Quem saiu antes da abertura das vagas (`fora`) sai do quadro uma vez por versão: o
    pedido seguinte com as mesmas inscrições recebe o mesmo quadro, sem filtrar o certame de
    novo; com outras, outro; e o do banco diz o mesmo."""
    settings.QUADROS_NA_MEMORIA = 1
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    a = certame.cargos.order_by("codigo")[0]
    saem = set(Candidato.objects.filter(cargo=a).values_list("inscricao", flat=True)[:2])
    primeiro = tabela.tabela_de_candidatos(certame, regras, fora=saem).quadro
    assert tabela.tabela_de_candidatos(certame, regras, fora=set(saem)).quadro is primeiro
    assert not set(primeiro["inscricao"].to_list()) & saem
    do_banco = tabela.tabela_de_candidatos(certame, regras, fora=saem, do_banco=True).quadro
    assert primeiro.sort("linha").equals(do_banco.sort("linha"))
    so_um = tabela.tabela_de_candidatos(certame, regras, fora=set(list(saem)[:1])).quadro
    assert so_um.height == primeiro.height + 1
    do_cargo = tabela.tabela_de_candidatos(certame, regras, fora=saem, cargo=a.codigo).quadro
    assert do_cargo.equals(primeiro.filter(pl.col("cargo") == a.codigo))


def _corrigir_nota(rita: Any, candidato: Any, valor: str) -> None:
    candidato_corrigir(
        usuario=rita,
        candidato=candidato,
        campo="nota",
        valor=valor,
        motivo="Recurso provido",
        fundamento="Decisão do recurso",
        data=date(2026, 1, 5),
    )


def _homologado(rita: Any) -> Any:
    from cotas_web.certames.services import certame_homologar

    certame = _demo()
    if certame.homologado_em is None:
        with transaction.atomic():
            certame_homologar(usuario=rita, certame=certame, data=date(2026, 1, 2))
        certame.refresh_from_db()
    return certame


@pytest.mark.django_db(transaction=True)
def test_a_correcao_rele_do_banco_so_a_linha_corrigida(rita: Any, settings: Any) -> None:
    """Uma correção diz qual linha mudou (`mudancas.mudando`): o quadro do cargo é o guardado
    com só essa linha relida do banco, no lugar dela, e dá o mesmo que o cargo lido inteiro. Da
    memória e, num processo que não o tem, do disco."""
    settings.QUADROS_NA_MEMORIA = 2
    certame = _homologado(rita)
    regras = leis.regras_do_certame(certame)
    b = list(certame.cargos.order_by("codigo"))[1]
    tabela.tabela_de_candidatos(certame, regras)  # guardado
    alvos = list(Candidato.objects.filter(cargo=b).order_by("linha"))
    for alvo, valor, memoria in ((alvos[3], "77.25", 2), (alvos[5], "12.5", 0)):
        settings.QUADROS_NA_MEMORIA = memoria
        if memoria == 0:
            tabela.tabela_de_candidatos(certame, regras)  # (o do disco, sem o da memória)
        with pytest.MonkeyPatch.context() as m:
            lidos = _leituras_do_banco(m)
            _corrigir_nota(rita, alvo, valor)
            quadro_b = tabela.tabela_de_candidatos(certame, regras, cargo=b.codigo).quadro
        assert lidos and all(lido == [alvo.pk] for lido in lidos)
        inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
        assert quadro_b.equals(inteiro.filter(pl.col("cargo") == b.codigo))
        assert (
            tabela.tabela_de_candidatos(certame, regras)
            .quadro.sort("linha")
            .equals(inteiro.sort("linha"))
        )


@pytest.mark.django_db(transaction=True)
def test_uma_mudanca_nao_anotada_no_mesmo_cargo_faz_reler_o_cargo(rita: Any) -> None:
    """A anotação vale da marca de antes do bloco à de depois: uma mudança no mesmo cargo fora
    do bloco (um UPDATE direto, no mesmo ato) faz a marca de antes não ser a do quadro
    guardado, e o cargo é relido inteiro, com as duas mudanças."""
    from cotas_web.ponte import mudancas

    certame = _demo()
    regras = leis.regras_do_certame(certame)
    b = list(certame.cargos.order_by("codigo"))[1]
    tabela.tabela_de_candidatos(certame, regras)
    um, outro = list(Candidato.objects.filter(cargo=b).order_by("linha"))[:2]
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        with transaction.atomic():
            Candidato.objects.filter(pk=outro.pk).update(nome="Fora do Bloco")
            with mudancas.mudando(certame.pk, [um.pk]):
                Candidato.objects.filter(pk=um.pk).update(nome="Dentro do Bloco")
            nomes = tabela.tabela_de_candidatos(certame, regras).quadro["nome"].to_list()
    assert lidos == [[b.codigo]]
    assert {"Fora do Bloco", "Dentro do Bloco"} <= set(nomes)


@pytest.mark.django_db(transaction=True)
def test_a_linha_que_muda_de_lugar_ou_de_cargo_nao_e_anotada(rita: Any) -> None:
    """Uma linha que sai do lugar no quadro (outra linha do arquivo) ou muda de cargo não se
    remenda no lugar: nada é anotado, e o cargo é relido; fora de um ato, nada é anotado."""
    from cotas_web.ponte import mudancas

    certame = _demo()
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    um = Candidato.objects.filter(cargo=b).order_by("linha")[0]
    with transaction.atomic():
        with mudancas.mudando(certame.pk, [um.pk]):
            Candidato.objects.filter(pk=um.pk).update(linha=999_999)
        with mudancas.mudando(certame.pk, [um.pk]):
            Candidato.objects.filter(pk=um.pk).update(cargo=a)
        marcas = marcas_dos_cargos(certame.pk)
        assert mudancas.anotada(certame.pk, a.codigo, marcas[a.codigo]) is None
        assert mudancas.anotada(certame.pk, b.codigo, marcas[b.codigo]) is None
    with mudancas.mudando(certame.pk, [um.pk]):
        Candidato.objects.filter(pk=um.pk).update(nome="Sem Ato")
    marcas = marcas_dos_cargos(certame.pk)
    assert mudancas.anotada(certame.pk, a.codigo, marcas[a.codigo]) is None


@pytest.mark.django_db(transaction=True)
def test_os_quadros_lidos_no_ato_vao_ao_disco_quando_ele_termina(rita: Any, settings: Any) -> None:
    """Os quadros que um ato leu (e remendou) vão ao disco quando ele termina: outro processo
    (sem a memória deste, como a tarefa que publica a situação) lê o cargo do disco, sem
    reler o banco. Um ato desfeito não grava nada."""
    from cotas_web.ponte import mudancas

    settings.QUADROS_NA_MEMORIA = 2
    certame = _homologado(rita)
    regras = leis.regras_do_certame(certame)
    b = list(certame.cargos.order_by("codigo"))[1]
    tabela.tabela_de_candidatos(certame, regras)
    alvo = Candidato.objects.filter(cargo=b).order_by("linha")[2]
    antes = set(_arquivos(certame))
    with transaction.atomic():
        _corrigir_nota(rita, alvo, "55.5")
        transaction.set_rollback(True)
    assert set(_arquivos(certame)) == antes
    _corrigir_nota(rita, alvo, "55.5")
    marca_b = marcas_dos_cargos(certame.pk)[b.codigo]
    assert marca_b in {_marca_do_arquivo(p) for p in _arquivos(certame)}
    quadro._NA_MEMORIA.clear()  # (outro processo)
    mudancas._ANOTADAS.clear()
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        do_disco = tabela.tabela_de_candidatos(certame, regras).quadro
    assert lidos == []
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    assert do_disco.sort("linha").equals(inteiro.sort("linha"))


@pytest.mark.django_db(transaction=True)
def test_o_parecer_e_a_anulacao_releem_so_a_linha_do_candidato(
    certame_homologado: Any, rita: Any, settings: Any
) -> None:
    """O resultado da verificação gravado (`Candidato.gravar_verificacao`) e a anulação por
    falsidade dizem a linha que mudam: o quadro do cargo relê só ela, e dá o mesmo que o lido do
    banco."""
    from cotas_web.candidatos.services import fraude_abrir

    from .conftest import falsidade_decidida

    settings.QUADROS_NA_MEMORIA = 2
    certame = certame_homologado
    regras = leis.regras_do_certame(certame)
    tabela.tabela_de_candidatos(certame, regras)  # guardado
    nadia = Candidato.objects.get(certame=certame, inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 9, 1), motivo="denúncia")
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        with transaction.atomic():
            nadia.gravar_verificacao("negros", "nao_confirmado")
            no_ato = tabela.tabela_de_candidatos(certame, regras).quadro
            do_banco = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
            assert no_ato.sort("linha").equals(do_banco.sort("linha"))
            transaction.set_rollback(True)
        assert lidos == [[nadia.pk], None]  # (a linha; o None é o `do_banco` do teste)
        lidos.clear()
        falsidade_decidida(rita, proc, defesa=date(2025, 9, 10), decisao=date(2025, 9, 20))
        depois = tabela.tabela_de_candidatos(certame, regras).quadro
    assert lidos == [[nadia.pk]]
    inteiro = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
    assert depois.sort("linha").equals(inteiro.sort("linha"))


@pytest.mark.django_db(transaction=True)
def test_varias_linhas_do_mesmo_cargo_no_mesmo_ato_sao_relidas_juntas(rita: Any) -> None:
    """Um ato que grava várias linhas do mesmo cargo, uma a uma (os pareceres de uma sessão),
    anota uma mudança por linha; a leitura seguinte junta as anotações em sequência e relê só
    essas linhas, numa leitura só. Com um elo faltando (uma mudança não anotada no meio), o
    cargo é relido inteiro."""
    from cotas_web.ponte import mudancas

    certame = _demo()
    regras = leis.regras_do_certame(certame)
    b = list(certame.cargos.order_by("codigo"))[1]
    tabela.tabela_de_candidatos(certame, regras)
    um, dois, tres = list(Candidato.objects.filter(cargo=b).order_by("linha"))[:3]
    with pytest.MonkeyPatch.context() as m:
        lidos = _leituras_do_banco(m)
        with transaction.atomic():
            for candidato, nome in ((um, "Primeira"), (dois, "Segunda")):
                with mudancas.mudando(certame.pk, [candidato.pk]):
                    Candidato.objects.filter(pk=candidato.pk).update(nome=nome)
            no_ato = tabela.tabela_de_candidatos(certame, regras, cargo=b.codigo).quadro
            do_banco = tabela.tabela_de_candidatos(certame, regras, do_banco=True).quadro
            assert no_ato.equals(do_banco.filter(pl.col("cargo") == b.codigo))
            transaction.set_rollback(True)
        assert lidos == [sorted([um.pk, dois.pk]), None]
        lidos.clear()
        with transaction.atomic():
            with mudancas.mudando(certame.pk, [um.pk]):
                Candidato.objects.filter(pk=um.pk).update(nome="Anotada")
            Candidato.objects.filter(pk=dois.pk).update(nome="Sem Anotação")
            with mudancas.mudando(certame.pk, [tres.pk]):
                Candidato.objects.filter(pk=tres.pk).update(nome="Anotada Depois")
            nomes = tabela.tabela_de_candidatos(certame, regras).quadro["nome"].to_list()
            transaction.set_rollback(True)
        assert lidos == [[b.codigo]]
    assert {"Anotada", "Sem Anotação", "Anotada Depois"} <= set(nomes)


@pytest.mark.django_db(transaction=True)
def test_o_lido_num_trecho_desfeito_do_ato_nao_vai_ao_disco(rita: Any, settings: Any) -> None:
    """Um ato que termina com um trecho desfeito (a prévia de uma correção, num ponto de
    salvamento) deixou na memória um quadro de uma marca que nunca chegou ao banco: no fim do
    ato, ele não é gravado, e o cargo segue lido como o banco o tem."""
    settings.QUADROS_NA_MEMORIA = 2
    certame = _demo()
    regras = leis.regras_do_certame(certame)
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    tabela.tabela_de_candidatos(certame, regras)
    with transaction.atomic():
        Candidato.objects.filter(cargo=a).update(nome="Gravado")
        tabela.tabela_de_candidatos(certame, regras)  # (o de `a` fica para o fim do ato)
        with transaction.atomic():
            Candidato.objects.filter(cargo=b).update(nome="Desfeito")
            assert "Desfeito" in tabela.tabela_de_candidatos(certame, regras).quadro["nome"]
            nunca = marcas_dos_cargos(certame.pk)[b.codigo]
            transaction.set_rollback(True)
    assert nunca not in {_marca_do_arquivo(p) for p in _arquivos(certame)}
    nomes = tabela.tabela_de_candidatos(certame, regras).quadro["nome"].to_list()
    assert "Desfeito" not in nomes and "Gravado" in nomes
