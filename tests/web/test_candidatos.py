"""Importação do resultado da banca (prévia, tudo ou nada), busca e declaração falsa."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas_web.candidatos.models import Candidato
from cotas_web.candidatos.selectors import candidatos_buscar
from cotas_web.candidatos.services import (
    fraude_abrir,
    fraude_decidir,
    fraude_encaminhar,
    fraude_registrar_defesa,
    importacao_confirmar,
    importacao_previa,
)
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import nomeacao_confirmar
from tests.esquemas import esquema_teste

from .conftest import CABECALHO, cpf_valido, csv_candidatos, entrar, falsidade_decidida

pytestmark = pytest.mark.django_db

CSV_COM_ERROS = (
    CABECALHO + "\n"
    "2001,Ana,,1990-01-01,PROF,80,aprovado,branca,nao,nao,\n"
    "2002,Bia,,1990-01-01,PROF,abc,aprovado,branca,nao,nao,\n"
    "2003,Caio,,1990-01-01,XYZ,70,aprovado,verde,nao,nao,\n"
    "2001,Dora,,1990-01-01,PROF,60,aprovado,branca,nao,nao,\n"
)


def test_previa_lista_cada_erro_com_a_linha_e_nada_e_gravado(
    certame: Any, rita: Any, tmp_path: Path
) -> None:
    arquivo = tmp_path / "ruim.csv"
    arquivo.write_text(CSV_COM_ERROS, encoding="utf-8")
    previa = importacao_previa(certame=certame, caminho=arquivo, nome_arquivo="ruim.csv")
    assert not previa.valida
    linhas = {e.linha for e in previa.erros}
    assert linhas == {3, 4, 5}  # nota inválida, cor inválida, inscrição repetida
    with pytest.raises(ValidationError):
        importacao_confirmar(
            usuario=rita, certame=certame, caminho=arquivo, nome_arquivo="ruim.csv"
        )
    assert Candidato.objects.count() == 0


def test_cargo_desconhecido_no_certame_e_erro_da_linha(certame: Any, tmp_path: Path) -> None:
    arquivo = tmp_path / "c.csv"
    arquivo.write_text(
        CABECALHO + "\n3001,Ana,,1990-01-01,OUTRO,80,aprovado,branca,nao,nao,\n",
        encoding="utf-8",
    )
    previa = importacao_previa(certame=certame, caminho=arquivo, nome_arquivo="c.csv")
    assert [(e.linha, e.coluna) for e in previa.erros] == [(2, "cargo")]
    assert "OUTRO" in previa.erros[0].mensagem


def test_importacao_grava_todos(certame_com_candidatos: Any) -> None:
    assert certame_com_candidatos.candidatos.count() == 8
    c = Candidato.objects.get(inscricao="1006")
    assert c.cor_raca == "preta" and c.optou("negros")
    assert c.linha == 7
    assert c.cpf == cpf_valido("678912345")


def test_importacao_repetida_e_recusada(
    certame_com_candidatos: Any, rita: Any, arquivo_csv: Path
) -> None:
    previa = importacao_previa(
        certame=certame_com_candidatos, caminho=arquivo_csv, nome_arquivo="r.csv"
    )
    assert len(previa.erros) == 8
    assert "já importada" in previa.erros[0].mensagem


def test_busca_por_nome_inscricao_ou_cpf(certame_com_candidatos: Any) -> None:
    pk = certame_com_candidatos.pk
    assert [c.inscricao for c in candidatos_buscar(certame_id=pk, termo="nadia")] == ["1006"]
    assert [c.inscricao for c in candidatos_buscar(certame_id=pk, termo="1007")] == ["1007"]
    cpf = cpf_valido("234567891")
    formatado = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    assert [c.inscricao for c in candidatos_buscar(certame_id=pk, termo=formatado)] == ["1002"]
    assert candidatos_buscar(certame_id=pk, termo="").count() == 8


def test_busca_pelo_cpf_so_com_os_11_digitos(certame_com_candidatos: Any) -> None:
    """O CPF mascarado na lista não se recupera por pedaços: só o CPF inteiro acha alguém."""
    pk = certame_com_candidatos.pk
    cpf = cpf_valido("234567891")
    assert [c.inscricao for c in candidatos_buscar(certame_id=pk, termo=cpf)] == ["1002"]
    for pedaco in (cpf[:3], cpf[:9], cpf[1:], cpf[-3:], cpf[3:9], cpf[:3] + "." + cpf[3:6]):
        assert candidatos_buscar(certame_id=pk, termo=pedaco).count() == 0, pedaco


def test_importacao_pela_tela_com_previa_e_confirmacao(
    client: Any, certame: Any, rita: Any
) -> None:
    entrar(client, rita)
    url = reverse("candidatos:importar", args=[certame.pk])
    arquivo = SimpleUploadedFile("resultado.csv", csv_candidatos().encode(), "text/csv")
    resposta = client.post(url, {"arquivo": arquivo})
    html = resposta.content.decode()
    assert "Prévia: 8 candidato(s)" in html
    assert Candidato.objects.count() == 0
    token = resposta.context["token"]
    resposta = client.post(url, {"token": token})
    assert resposta.status_code == 302
    assert Candidato.objects.count() == 8


def test_importacao_pela_tela_mostra_erros_por_linha(client: Any, certame: Any, rita: Any) -> None:
    entrar(client, rita)
    arquivo = SimpleUploadedFile("ruim.csv", CSV_COM_ERROS.encode(), "text/csv")
    html = client.post(
        reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo}
    ).content.decode()
    assert "nada foi gravado" in html
    assert "linha 3" in html and "linha 5" in html
    assert Candidato.objects.count() == 0


def test_lista_mascara_o_cpf(client: Any, certame_com_candidatos: Any, ana: Any) -> None:
    html = (
        entrar(client, ana)
        .get(reverse("candidatos:lista", args=[certame_com_candidatos.pk]))
        .content.decode()
    )
    cpf = cpf_valido("678912345")
    assert cpf not in html
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in html


# --- declaração falsa ----------------------------------------------------------------------


def test_decisao_exige_defesa(certame_com_candidatos: Any, rita: Any) -> None:
    c = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=c, data=date(2025, 7, 1), motivo="denúncia")
    with pytest.raises(ValidationError, match="contraditório"):
        fraude_decidir(
            usuario=rita,
            procedimento=proc,
            data=date(2025, 7, 2),
            decisao="falsidade",
            fundamentacao="x",
            autoridade="Prefeito Municipal",
        )


def test_falsidade_depois_da_nomeacao_anula_e_recompoe_a_vaga(
    certame_homologado: Any, rita: Any
) -> None:
    cargo = certame_homologado.cargos.get()
    for p in propostas_do_motor(certame=certame_homologado):
        nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=p.inscricao,
            portaria=f"P-{p.ordem}",
            data_portaria=date(2025, 8, 3),
        )
    nadia = Candidato.objects.get(inscricao="1006")
    assert Nomeacao.objects.get(candidato=nadia).modalidade == "negros"
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 9, 1), motivo="denúncia")
    falsidade_decidida(rita, proc, defesa=date(2025, 9, 10), decisao=date(2025, 9, 20))
    fraude_encaminhar(
        usuario=rita, procedimento=proc, data=date(2025, 9, 21), orgao="Ministério Público"
    )
    nadia.refresh_from_db()
    assert nadia.anulado_em == date(2025, 9, 20)
    assert Nomeacao.objects.get(candidato=nadia).situacao == "anulada"
    (proposta,) = propostas_do_motor(certame=certame_homologado)
    assert proposta.inscricao == "1007"  # o próximo negro da lista
    assert proposta.vaga == 3 and proposta.modalidade == "negros"
    assert proposta.substitui == "1006"
    assert "anulação" in proposta.razao
    from cotas_web.auditoria.models import Registro

    acoes = list(Registro.objects.filter(certame=certame_homologado).values_list("acao", flat=True))
    assert {"fraude_aberto", "fraude_defesa", "fraude_decidido", "fraude_encaminhado"} <= set(acoes)
    decidido = Registro.objects.get(acao="fraude_decidido")
    assert "arts. 12 e 13" in decidido.fundamento
    # O motor recebe o registro do procedimento e cita as palavras da lei aplicável.
    from cotas_web.ponte import reencenacao

    [anulacao] = [
        o
        for o in reencenacao.reencenar(certame_homologado).ocorrencias("PROF")
        if o.tipo == "anulacao"
    ]
    assert "notificação em 01/09/2025, defesa apresentada em 10/09/2025" in anulacao.razao.texto
    # Quem decide é a autoridade informada com a decisão, não quem a registrou no sistema.
    assert "decisão em 20/09/2025 por Prefeito Municipal (procedimento nº" in anulacao.razao.texto
    assert "anulação da sua admissão" in anulacao.razao.texto


def test_falsidade_pela_tela_pergunta_antes_de_anular(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """O ato mais grave (anula a inscrição e a nomeação) era gravado no primeiro envio, sem a
    página de confirmação que todo outro ato tem. Agora pergunta, com o que cai com ele e o
    fundamento; a recusa (antes da defesa) vem antes de perguntar."""
    from tests.web.test_publico import nomear_edital

    nomear_edital(certame_homologado, rita)
    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 9, 1), motivo="denúncia")
    entrar(client, rita)
    url = reverse("candidatos:fraude_acao", args=[certame_homologado.pk, proc.pk, "decisao"])
    pedido = {
        "data": "2025-09-20",
        "decisao": "falsidade",
        "fundamentacao": "Declaração falsa comprovada.",
        "autoridade": "Prefeito Municipal",
    }
    sem_defesa = client.post(url, pedido, follow=True).content.decode()
    assert "Registre a defesa do candidato antes de decidir" in sem_defesa
    assert "Anular a inscrição 1006" not in sem_defesa
    fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 9, 10), defesa="d")
    pergunta = client.post(url, pedido)
    assert pergunta.status_code == 200
    html = pergunta.content.decode()
    assert "Anular a inscrição 1006" in html and "decidida por Prefeito Municipal" in html
    nomeacao = "A nomeação pela Portaria nº 103/2025, de 03/08/2025 (vaga 3 de PROF), fica anulada"
    assert nomeacao in html
    assert "arts. 12 e 13" in html
    nadia.refresh_from_db()
    assert nadia.anulado_em is None  # (só perguntou)
    client.post(url, {**pedido, "confirmar": "1"})
    nadia.refresh_from_db()
    assert nadia.anulado_em == date(2025, 9, 20)
    # A decisão de improcedência não anula nada: não pergunta.
    outra = Candidato.objects.get(inscricao="1007")
    proc2 = fraude_abrir(usuario=rita, candidato=outra, data=date(2025, 9, 1), motivo="m")
    fraude_registrar_defesa(usuario=rita, procedimento=proc2, data=date(2025, 9, 2), defesa="d")
    url2 = reverse("candidatos:fraude_acao", args=[certame_homologado.pk, proc2.pk, "decisao"])
    resposta = client.post(url2, {**pedido, "decisao": "improcedente"})
    assert resposta.status_code == 302
    proc2.refresh_from_db()
    assert proc2.decisao == "improcedente"


def test_falsidade_so_da_autodeclaracao_de_quem_optou_pela_reserva(
    certame_homologado: Any, rita: Any
) -> None:
    """A anulação por declaração falsa trata da autodeclaração de quem concorreu à reserva: contra
    quem não optou por ela, o procedimento nem se abre, e nada fica gravado."""
    from cotas_web.auditoria.models import Registro

    branco = next(
        c for c in Candidato.objects.filter(certame=certame_homologado) if not c.optou("negros")
    )
    antes = Registro.objects.count()
    with pytest.raises(ValidationError, match="não optou pela reserva") as erro:
        fraude_abrir(usuario=rita, candidato=branco, data=date(2025, 8, 2), motivo="denúncia")
    assert branco.inscricao in str(erro.value)
    assert not branco.procedimentos.exists()
    assert Registro.objects.count() == antes


def test_improcedente_mantem_a_inscricao(certame_com_candidatos: Any, rita: Any) -> None:
    c = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=c, data=date(2025, 7, 1), motivo="denúncia")
    fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 7, 2), defesa="x")
    fraude_decidir(
        usuario=rita,
        procedimento=proc,
        data=date(2025, 7, 3),
        decisao="improcedente",
        fundamentacao="sem provas",
        autoridade="Prefeito Municipal",
    )
    c.refresh_from_db()
    assert c.anulado_em is None


EXEMPLO = Path(__file__).resolve().parents[2] / "exemplos" / "montenegro"


def _certame_do_exemplo(rita: Any) -> tuple[Any, list[Any]]:
    """O exemplo de Montenegro importado pelo serviço, com o critério de desempate do edital;
    e os candidatos como o leitor de arquivos os leu."""
    from cotas.arquivos.candidatos import ler_candidatos
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    lidos = ler_candidatos(
        EXEMPLO / "candidatos.csv",
        colunas_desempate=("nota_conhecimentos_especificos",),
        esquema=esquema_teste(comissao=True),
    ).candidatos
    certame = certame_criar(
        usuario=rita,
        nome="Exemplo",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        validade_ate=date(2027, 6, 10),
        desempate=[("nota_conhecimentos_especificos", "maior")],
    )
    for codigo, vagas in (("PROF-MAT", 10), ("ENF", 13), ("AGT-ADM", 4)):
        cargo_adicionar(
            usuario=rita, certame=certame, codigo=codigo, nome=codigo, vagas_edital=vagas
        )
    importacao_confirmar(
        usuario=rita, certame=certame, caminho=EXEMPLO / "candidatos.csv", nome_arquivo="c.csv"
    )
    return certame, list(lidos)


def test_importacao_grava_cada_campo_como_o_leitor_o_leu(rita: Any) -> None:
    """A gravação em massa (COPY no PostgreSQL, executemany nos demais) guarda exatamente o que
    o leitor leu: notas decimais, datas, opções, pareceres e colunas de desempate."""
    certame, lidos = _certame_do_exemplo(rita)
    gravados = {c.inscricao: c for c in certame.candidatos.select_related("cargo")}
    assert len(gravados) == len(lidos)
    for lido in lidos:
        g = gravados[lido.inscricao]
        assert (g.nome, g.cargo.codigo, g.nota, g.data_nascimento, g.linha) == (
            lido.nome,
            lido.cargo,
            lido.nota,
            lido.data_nascimento,
            lido.linha,
        )
        assert (g.situacao, g.cor_raca, g.optou("negros"), g.pcd) == (
            str(lido.situacao),
            str(lido.cor_raca or ""),
            lido.optou("negros"),
            lido.pcd,
        )
        assert g.verificacao("negros") == str(lido.verificacao("negros") or "")
        assert g.cpf == (lido.cpf or "")
        assert g.desempate == [[k, str(v)] for k, v in lido.desempate]


def _parecer(c: Any) -> Any:
    """O parecer lido ou, sem ele, pendente para quem optou e se declarou preto ou pardo."""
    from cotas.motor.candidatos import CorRaca, Heteroidentificacao

    return c.verificacao("negros") or (
        Heteroidentificacao.PENDENTE
        if c.optou("negros") and c.cor_raca in (CorRaca.PRETA, CorRaca.PARDA)
        else None
    )


def test_o_motor_recebe_do_banco_cada_campo_como_o_leitor_o_leu(rita: Any) -> None:
    """A reencenação lê os candidatos do banco em colunas (`tabela.tabela_de_candidatos`), numa
    consulta só; cada candidato que o motor cria dela é o que o leitor leu do arquivo, salvo o
    parecer: quem optou pela reserva, se declarou preto ou pardo e ainda não tem parecer fica
    pendente (Montenegro exige a comissão, art. 2º). Quem está `fora` não entra."""
    from dataclasses import replace

    from django.db import connection

    from cotas.motor.candidatos import Heteroidentificacao
    from cotas_web.ponte import leis
    from cotas_web.ponte.tabela import tabela_de_candidatos

    certame, lidos = _certame_do_exemplo(rita)
    assert certame.exige_comissao
    if connection.vendor == "postgresql":
        # Um servidor com datas à brasileira: a leitura não depende de como o banco as escreve.
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL DateStyle = 'SQL, DMY'")
    fora = {lidos[0].inscricao, lidos[-1].inscricao}
    tabela = tabela_de_candidatos(certame, leis.regras_do_certame(certame), fora=fora)
    esperados = [
        replace(
            c,
            cpf="".join(ch for ch in c.cpf if ch.isdigit()) if c.cpf else None,
            verificacoes=(("negros", parecer),) if (parecer := _parecer(c)) else (),
        )
        for c in lidos
        if c.inscricao not in fora
    ]
    assert list(tabela) == esperados
    assert any(c.verificacao("negros") is Heteroidentificacao.PENDENTE for c in esperados)
    assert any(c.verificacao("negros") is Heteroidentificacao.CONFIRMADO for c in esperados)
    assert any(c.desempate for c in esperados) and any(c.data_nascimento for c in esperados)
    assert any(c.nota != c.nota.to_integral_value() for c in esperados)


def test_falsidade_que_o_motor_recusa_nao_e_gravada(certame_homologado: Any, rita: Any) -> None:
    """Quem já desistiu não pode ter a inscrição anulada de novo: o motor recusa, e nada fica
    gravado (sem isso, o certame não poderia mais ser reencenado)."""
    from cotas_web.nomeacoes.services import candidato_registrar_desistencia

    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 8, 2), motivo="denúncia")
    fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 8, 3), defesa="x")
    candidato_registrar_desistencia(usuario=rita, candidato=nadia, data=date(2025, 8, 4))
    with pytest.raises(ValidationError, match="já foi excluída"):
        fraude_decidir(
            usuario=rita,
            procedimento=proc,
            data=date(2025, 8, 5),
            decisao="falsidade",
            fundamentacao="x",
            autoridade="Prefeito Municipal",
        )
    nadia.refresh_from_db()
    proc.refresh_from_db()
    assert nadia.anulado_em is None and proc.decidido_em is None
    assert propostas_do_motor(certame=certame_homologado) is not None  # ainda se reencena


# ---------------------------------------------------------------- nada importado em silêncio


def _previa_pela_tela(client: Any, certame: Any, rita: Any, texto: str) -> str:
    entrar(client, rita)
    arquivo = SimpleUploadedFile("resultado.csv", texto.encode(), "text/csv")
    resposta = client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo})
    return str(resposta.content.decode())


def _sem_coluna(texto: str, coluna: str) -> str:
    linhas = [linha.split(",") for linha in texto.splitlines()]
    i = linhas[0].index(coluna)
    return "\n".join(",".join(v for j, v in enumerate(li) if j != i) for li in linhas) + "\n"


def test_cargo_desconhecido_vem_junto_com_os_erros_das_linhas(certame: Any, tmp_path: Path) -> None:
    """Antes, o cargo XYZ só aparecia depois de corrigidos os outros erros."""
    arquivo = tmp_path / "ruim.csv"
    arquivo.write_text(CSV_COM_ERROS, encoding="utf-8")
    previa = importacao_previa(certame=certame, caminho=arquivo, nome_arquivo="ruim.csv")
    assert (4, "cargo") in [(e.linha, e.coluna) for e in previa.erros]
    assert (3, "nota") in [(e.linha, e.coluna) for e in previa.erros]


def test_sem_coluna_que_decide_nada_e_importado(client: Any, certame: Any, rita: Any) -> None:
    html = _previa_pela_tela(client, certame, rita, _sem_coluna(csv_candidatos(), "reserva_negros"))
    assert "nada foi gravado" in html
    assert "reserva_negros" in html and "falta esta coluna obrigatória" in html
    assert "Confirmar a importação" not in html


def test_parecer_exigido_so_pela_lei_com_comissao(
    client: Any, certame: Any, certame_mostardas: Any, rita: Any
) -> None:
    texto = _sem_coluna(csv_candidatos(), "heteroidentificacao")
    html = _previa_pela_tela(client, certame, rita, texto)  # Montenegro: há comissão
    assert "nada foi gravado" in html and "heteroidentificacao" in html
    html = _previa_pela_tela(client, certame_mostardas, rita, texto)  # Mostardas: não há
    assert "Prévia: 8 candidato(s)" in html
    assert "Sem a coluna heteroidentificacao" in html


def test_previa_mostra_cada_coluna_que_decide(client: Any, certame: Any, rita: Any) -> None:
    texto = csv_candidatos().replace(",aprovado,", ",eliminado,", 1)
    html = _previa_pela_tela(client, certame, rita, texto)
    tabela = html[html.index('id="previa-candidatos"') :]
    for titulo in ("Situação", "Nascimento", "Cor/raça", "Reserva para negros", "PcD", "Parecer"):
        assert f'<th scope="col">{titulo}' in tabela
    assert "<td>Eliminado</td>" in tabela and "<td>Aprovado</td>" in tabela
    assert "<td>01/01/1990</td>" in tabela and "<td>Parda</td>" in tabela


def test_previa_diz_como_cada_titulo_foi_lido_acima_do_botao(
    client: Any, certame: Any, rita: Any
) -> None:
    linhas = csv_candidatos().splitlines()
    linhas[0] = linhas[0].replace("data_nascimento", "Data de Nascimento") + ",Observação"
    texto = "\n".join([linhas[0], *(linha + ",x" for linha in linhas[1:])]) + "\n"
    html = _previa_pela_tela(client, certame, rita, texto)
    botao = html.index("Confirmar a importação")
    # A coluna lida pelo nome, com o código que o arquivo pode usar.
    lida = "<td>Data de Nascimento</td><td>Data de nascimento <small>(coluna <code>data_nascimento"
    assert html.index(lida) < botao
    ignorada = html.index('id="colunas-ignoradas"')
    assert ignorada < botao and "“Observação”" in html[ignorada:botao]


def test_planilha_com_aba_oculta_le_a_visivel_e_diz_qual(
    client: Any, certame: Any, rita: Any, tmp_path: Path
) -> None:
    from tests.arquivos.planilhas import escrever_xlsx_abas

    linhas = [row.split(",") for row in csv_candidatos().splitlines()]
    antiga = [linhas[0], linhas[1]]
    caminho = escrever_xlsx_abas(
        tmp_path / "r.xlsx", [("Antiga", antiga, False), ("Resultado", linhas, True)]
    )
    entrar(client, rita)
    url = reverse("candidatos:importar", args=[certame.pk])
    with caminho.open("rb") as f:
        resposta = client.post(url, {"arquivo": SimpleUploadedFile("r.xlsx", f.read())})
    html = resposta.content.decode()
    assert "Prévia: 8 candidato(s)" in html and "Aba lida: <strong>Resultado</strong>" in html
    with caminho.open("rb") as f:
        resposta = client.post(
            url, {"arquivo": SimpleUploadedFile("r.xlsx", f.read()), "aba": "Antiga"}
        )
    assert "Prévia: 1 candidato(s)" in resposta.content.decode()
    resposta = client.post(url, {"token": resposta.context["token"]})
    assert Candidato.objects.count() == 1


def test_paginas_do_candidato_e_da_declaracao_falsa_sem_ids_repetidos(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A página do candidato tem vários formulários com um campo `data` (correção, desistência,
    declaração falsa), e a do procedimento três (defesa, decisão, encaminhamento): cada rótulo
    aponta para o campo do seu formulário. Antes, "Data do ato de correção" levava à data da
    desistência, escondida noutro formulário fechado."""
    import re
    from collections import Counter

    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 8, 5), motivo="denúncia")
    entrar(client, rita)
    pk = certame_homologado.pk
    for url in (
        reverse("candidatos:detalhe", args=[pk, nadia.pk]),
        reverse("candidatos:fraude", args=[pk, proc.pk]),
    ):
        pagina = client.get(url).content.decode()
        ids = Counter(re.findall(r'\sid="([^"]+)"', pagina))
        assert [i for i, n in ids.items() if n > 1] == [], url
        for rotulo in re.findall(r'<label for="([^"]+)"', pagina):
            assert ids[rotulo] == 1, (url, rotulo)  # cada rótulo aponta para um campo que há
    detalhe = client.get(reverse("candidatos:detalhe", args=[pk, nadia.pk])).content.decode()
    assert re.search(r'<label for="correcao_data"[^>]*>Data do ato de correção', detalhe)
