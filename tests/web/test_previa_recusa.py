"""Nada que o motor recusa passa da prévia (issue 19, item 4): a prévia da importação roda a
conferência que o motor roda ao nomear (empates que nenhum critério resolve, com as linhas;
verificações pendentes listadas), recusa a linha de exemplo do modelo; a homologação recusa com
a lista ANTES da página de confirmação; a tarefa que falha diz uma frase curta em português, e a
consulta pública segue servindo a última versão boa, marcada."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cotas.arquivos import campos
from cotas_web.candidatos.models import Candidato, Importacao
from cotas_web.candidatos.services import importacao_confirmar, importacao_previa
from cotas_web.tarefas import services as fila
from cotas_web.tarefas.models import Estado, Tarefa

from .conftest import CABECALHO, cpf_valido, entrar

pytestmark = pytest.mark.django_db


def _linha(
    insc: str,
    nome: str,
    nota: str,
    nascimento: str = "1990-01-01",
    cor: str = "branca",
    reserva: str = "nao",
    parecer: str = "",
) -> str:
    cpf = cpf_valido(f"{int(insc) % 10**9:09d}")
    return f"{insc},{nome},{cpf},{nascimento},PROF,{nota},aprovado,{cor},{reserva},nao,{parecer}"


def _arquivo(tmp_path: Path, linhas: list[str], nome: str = "banca.csv") -> Path:
    caminho = tmp_path / nome
    caminho.write_text("\n".join([CABECALHO, *linhas]) + "\n", encoding="utf-8")
    return caminho


def _enviar(client: Any, certame: Any, caminho: Path) -> Any:
    arquivo = SimpleUploadedFile(caminho.name, caminho.read_bytes(), "text/csv")
    return client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo})


# ---------------------------------------------------------------- a prévia


def test_previa_recusa_o_empate_nomeando_as_linhas(
    client: Any, certame: Any, rita: Any, tmp_path: Path
) -> None:
    caminho = _arquivo(
        tmp_path,
        [
            _linha("1", "Ana", "80"),
            _linha("2", "Bia", "90"),  # mesma nota e nascimento que Caio: nada os distingue
            _linha("3", "Caio", "90"),
        ],
    )
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="banca.csv")
    assert not previa.valida
    assert [(e.arquivo, e.linha, e.coluna) for e in previa.erros] == [("banca.csv", 3, "nota")]
    mensagem = previa.erros[0].mensagem
    assert "Empate não resolvido no cargo PROF entre as inscrições 2, 3" in mensagem
    assert "(linhas 3 e 4)" in mensagem
    # a página diz o mesmo, e não oferece confirmar
    r = _enviar(entrar(client, rita), certame, caminho)
    texto = r.content.decode()
    assert "1 erro(s): nada foi gravado" in texto and "(linhas 3 e 4)" in texto
    assert "Confirmar a importação" not in texto
    # e confirmar mesmo assim é recusado pelo serviço, com a mesma mensagem
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="linhas 3 e 4"):
        importacao_confirmar(usuario=rita, certame=certame, caminho=caminho, nome_arquivo="b.csv")
    assert not Candidato.objects.exists()


def test_previa_recusa_empate_com_candidato_de_outra_importacao(
    certame_com_candidatos: Any, tmp_path: Path
) -> None:
    # 1001 (Alice, 90,0, nascida em 1990-01-01) já foi importada; o novo arquivo empata com ela.
    caminho = _arquivo(tmp_path, [_linha("2001", "Zeca", "80.5"), _linha("2002", "Yara", "90")])
    previa = importacao_previa(
        certame=certame_com_candidatos, caminho=caminho, nome_arquivo="segundo.csv"
    )
    assert [(e.linha, e.coluna) for e in previa.erros] == [(3, "nota")]
    assert "inscrições 1001, 2002" in previa.erros[0].mensagem
    assert "(linha 3; 1 de outra importação)" in previa.erros[0].mensagem
    # substituindo a importação da Alice, o mesmo arquivo passa
    importacao = Importacao.objects.get(certame=certame_com_candidatos)
    previa = importacao_previa(
        certame=certame_com_candidatos,
        caminho=caminho,
        nome_arquivo="segundo.csv",
        substitui=importacao.pk,
    )
    assert previa.valida, previa.erros


def test_previa_de_6000_linhas_com_empates_recusa_com_mensagem_curta(
    client: Any, certame: Any, rita: Any, tmp_path: Path
) -> None:
    # 6.000 linhas, aos pares empatados: 3.000 empates que nenhum critério resolve.
    linhas = [_linha(str(10000 + i), f"Pessoa {i}", f"{i // 2}.5") for i in range(6000)]
    caminho = _arquivo(tmp_path, linhas)
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="banca.csv")
    assert len(previa.erros) == 3000 and not previa.valida
    assert all("Empate não resolvido" in e.mensagem for e in previa.erros)
    na_tela = previa.erros_na_tela
    assert len(na_tela) == 51 and na_tela[-1] == "… e mais 2950 erros."
    r = _enviar(entrar(client, rita), certame, caminho)
    texto = r.content.decode()
    assert "3.000 erro(s): nada foi gravado" in texto and "e mais 2950 erros" in texto
    inicio = texto.index('id="erros-importacao"')
    lista = texto[inicio : texto.index("</ul>", inicio)]
    assert len(lista) < 32_000, len(lista)  # nunca o despejo das 3.000 mensagens


def test_previa_lista_quem_aguarda_a_verificacao(
    client: Any, certame: Any, rita: Any, tmp_path: Path
) -> None:
    """Onde a lei exige comissão, quem optou e ainda não tem parecer entra (a comissão o
    convoca depois), e a prévia o diz, com a linha: a homologação só depois da verificação."""
    caminho = _arquivo(
        tmp_path,
        [
            _linha("1", "Ana", "80"),
            _linha("2", "Bia", "70", cor="parda", reserva="sim"),  # sem parecer: pendente
            _linha("3", "Caio", "60", cor="preta", reserva="sim", parecer="confirmado"),
        ],
    )
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="banca.csv")
    assert previa.valida, previa.erros
    assert [(e.linha, e.coluna) for e in previa.pendentes] == [(3, "heteroidentificacao")]
    assert "inscrição 2 (cargo PROF): verificação da autodeclaração pendente" in str(
        previa.pendentes[0]
    )
    texto = _enviar(entrar(client, rita), certame, caminho).content.decode()
    assert 'id="pendentes-importacao"' in texto
    assert "1 candidato(s) aguardam a verificação da autodeclaração" in texto
    assert "banca.csv, linha 3" in texto


def test_previa_recusa_a_linha_de_exemplo_do_modelo(
    client: Any, certame: Any, rita: Any, tmp_path: Path
) -> None:
    exemplo = campos.EXEMPLO_DO_MODELO
    caminho = _arquivo(
        tmp_path,
        [
            _linha("1", "Ana", "80"),
            _linha(exemplo["inscricao"], exemplo["nome"], "75.5"),
        ],
    )
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="banca.csv")
    assert [(e.linha, e.coluna) for e in previa.erros] == [(3, "nome")]
    texto = _enviar(entrar(client, rita), certame, caminho).content.decode()
    assert "a linha 3 é a linha de exemplo do modelo" in texto and "apague-a" in texto


# ---------------------------------------------------------------- a homologação


def _homologar(client: Any, certame: Any, confirmar: bool = False) -> Any:
    dados = {"data": "2025-08-01", **({"confirmar": "1"} if confirmar else {})}
    return client.post(reverse("certames:homologar", args=[certame.pk]), dados, follow=True)


def test_homologacao_com_pendentes_recusa_antes_da_confirmacao(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    r = _homologar(entrar(client, rita), certame_com_candidatos)
    texto = r.content.decode()
    assert "homologar a classificação final" not in texto  # a página de confirmação não vem
    assert "A homologação precisa da verificação concluída" in texto
    assert "3 candidato(s) sem parecer da comissão (1002, 1006, 1007)" in texto
    certame_com_candidatos.refresh_from_db()
    assert not certame_com_candidatos.homologado


def test_homologacao_com_empate_recusa_com_as_linhas_antes_da_confirmacao(
    client: Any, certame_com_candidatos: Any, rita: Any, settings: Any
) -> None:
    # Os dados no banco empatam (um arquivo que passou por uma prévia antiga, sem a
    # conferência): a recusa lista o empate, com as linhas, junto com a comissão pendente.
    from cotas_web.certames.services import impedimentos_da_homologacao

    Candidato.objects.filter(inscricao="1003").update(nota="90.0")  # = 1001
    impedimentos = impedimentos_da_homologacao(certame_com_candidatos, date(2025, 8, 1))
    assert any(
        "Empate não resolvido no cargo PROF entre as inscrições 1001, 1003" in m
        and "resultado.csv, linha 2" in m
        and "(linhas 2 e 4)" in m
        for m in impedimentos
    ), impedimentos
    texto = _homologar(entrar(client, rita), certame_com_candidatos).content.decode()
    assert "homologar a classificação final" not in texto
    assert "(linhas 2 e 4)" in texto and "sem parecer da comissão" in texto  # tudo junto
    # o próprio ato (confirmado direto) recusa com a mesma lista
    texto = _homologar(client, certame_com_candidatos, confirmar=True).content.decode()
    assert "(linhas 2 e 4)" in texto
    certame_com_candidatos.refresh_from_db()
    assert not certame_com_candidatos.homologado


def test_homologacao_sem_impedimentos_pede_a_confirmacao(
    client: Any, sessao: Any, carlos: Any, rita: Any
) -> None:
    from .conftest import verificar_todos

    verificar_todos(sessao, carlos)
    r = _homologar(entrar(client, rita), sessao.certame)
    assert "homologar a classificação final" in r.content.decode()
    r = _homologar(client, sessao.certame, confirmar=True)
    sessao.certame.refresh_from_db()
    assert sessao.certame.homologado


# ---------------------------------------------------------------- a tarefa que falha


def test_importacao_em_segundo_plano_que_falha_diz_uma_frase_curta(
    certame: Any, rita: Any, tmp_path: Path
) -> None:
    from cotas_web.candidatos.services import importacao_em_segundo_plano

    linhas = [_linha(str(10000 + i), f"Pessoa {i}", f"{i // 2}.5") for i in range(6000)]
    caminho = _arquivo(tmp_path, linhas)
    tarefa = importacao_em_segundo_plano(
        usuario=rita, certame=certame, caminho=caminho, nome_arquivo="banca.csv"
    )
    fila.executar(str(tarefa.pk))
    tarefa.refresh_from_db()
    assert tarefa.estado == Estado.FALHOU
    assert "Empate não resolvido" in tarefa.mensagem and "e mais 2997 erros" in tarefa.mensagem
    assert len(tarefa.mensagem) < 1600, len(tarefa.mensagem)
    assert "Traceback" not in tarefa.mensagem and not Candidato.objects.exists()


def test_tarefa_recusada_pelo_motor_diz_o_que_fazer_e_interna_nao_mostra_rastreamento(
    monkeypatch: Any, certame: Any
) -> None:
    from cotas.motor.erros import EmpateNaoResolvido

    grupos = [[str(i), str(i + 1)] for i in range(0, 12000, 2)]  # a mensagem de 32 KB da issue

    def recusado(tarefa: Any, progresso: Any) -> Any:
        raise EmpateNaoResolvido("PROF", grupos, "Estatuto da Pessoa Idosa, art. 27")

    def quebrado(tarefa: Any, progresso: Any) -> Any:
        raise KeyError("coluna_inexistente")

    monkeypatch.setattr("cotas_web.candidatos.services.trabalho_importar", recusado)
    t = Tarefa.objects.create(
        tipo="importacao",
        chave="a",
        certame=certame,
        parametros={"trabalho": "cotas_web.candidatos.services.trabalho_importar"},
    )
    fila.executar(str(t.pk))
    t.refresh_from_db()
    assert t.estado == Estado.FALHOU and len(t.mensagem) < 1000, len(t.mensagem)
    assert t.mensagem.startswith("A lei do certame recusa um fato registrado: Empate")
    assert "e mais 5990" in t.mensagem and "Corrija o dado indicado" in t.mensagem
    monkeypatch.setattr("cotas_web.candidatos.services.trabalho_importar", quebrado)
    t = Tarefa.objects.create(
        tipo="importacao",
        chave="b",
        certame=certame,
        parametros={"trabalho": "cotas_web.candidatos.services.trabalho_importar"},
    )
    fila.executar(str(t.pk))
    t.refresh_from_db()
    assert t.estado == Estado.FALHOU
    assert "coluna_inexistente" not in t.mensagem and "Traceback" not in t.mensagem
    assert "Peça de novo" in t.mensagem and f"código {t.pk}" in t.mensagem


def test_consulta_publica_segue_na_ultima_versao_boa_marcada(
    client: Any, certame_homologado: Any, rita: Any, monkeypatch: Any
) -> None:
    from cotas_web.ponte.erros import ErroCotas
    from cotas_web.publico import situacoes

    from .test_publico import nomear_edital

    url = reverse("publico:consulta", args=[certame_homologado.pk])
    r = client.get(url, {"inscricao": "1006"})
    assert r.status_code == 200 and "Situação desatualizada" not in r.content.decode()
    nomear_edital(certame_homologado, rita)  # um ato novo; a montagem dele é recusada

    def recusa(**_: Any) -> Any:
        raise ErroCotas("Empate não resolvido no cargo PROF entre " + "x, " * 20_000)

    monkeypatch.setattr(situacoes, "fonte_do_certame", recusa)
    r = client.get(url, {"inscricao": "1006"})
    texto = r.content.decode()
    assert r.status_code == 200
    assert 'id="erro-da-atualizacao"' in texto and "Situação desatualizada" in texto
    assert "ainda não nomeado(a)" in texto  # a situação da última versão boa
    assert len(texto) < 32_000
    # sem uma versão boa antes, a página do erro (curto)
    from cotas_web.publico.models import PublicacaoSituacoes

    PublicacaoSituacoes.objects.all().delete()
    r = client.get(url, {"inscricao": "1006"})
    assert r.status_code == 409 and len(r.content) < 32_000


def test_previa_de_csv_grande_em_colunas_recusa_o_empate_com_outra_importacao(
    certame_com_candidatos: Any, tmp_path: Path
) -> None:
    """Um CSV grande (a leitura em lote, em colunas): a conferência o lê como veio, junto com
    os já importados do banco."""
    from cotas.arquivos.candidatos import LIMIAR_LEITURA_EM_LOTE

    linhas = [_linha(str(20000 + i), f"Pessoa Nº {i}", f"{i / 1000:.3f}") for i in range(15000)]
    linhas.append(_linha("40000", "Empata Com Alice", "90"))  # = 1001, de outra importação
    linhas.append(_linha("40001", "Empata Com Pessoa", "0.007"))  # = 20007, deste arquivo
    caminho = _arquivo(tmp_path, linhas)
    assert caminho.stat().st_size >= LIMIAR_LEITURA_EM_LOTE
    from cotas_web.candidatos.leitura import ler_arquivo
    from cotas_web.ponte import leis

    lido = ler_arquivo(
        caminho, esquema=leis.esquema_do_certame(certame_com_candidatos), cargos={"PROF"}
    )
    assert lido.colunas is not None  # (a leitura em lote, em colunas)
    previa = importacao_previa(
        certame=certame_com_candidatos, caminho=caminho, nome_arquivo="banca.csv"
    )
    assert sorted(e.linha or 0 for e in previa.erros) == [9, 15002], previa.erros
    mensagens = " ".join(e.mensagem for e in previa.erros)
    assert "inscrições 1001, 40000" in mensagens
    assert "(linha 15002; 1 de outra importação)" in mensagens
    assert "inscrições 20007, 40001" in mensagens and "(linhas 9 e 15003)" in mensagens


def test_previa_recusa_valor_decisivo_ausente(certame: Any, tmp_path: Path) -> None:
    """A classificação da banca só para alguns: o motor não monta a lista; a prévia o diz."""
    caminho = tmp_path / "banca.csv"
    caminho.write_text(
        "\n".join(
            [
                CABECALHO + ",classificacao",
                _linha("1", "Ana", "80") + ",1",
                _linha("2", "Bia", "70") + ",",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    previa = importacao_previa(certame=certame, caminho=caminho, nome_arquivo="banca.csv")
    assert not previa.valida
    assert any("classificacao está preenchida só para alguns" in e.mensagem for e in previa.erros)


def test_arquivo_publico_que_falha_oferece_o_da_ultima_versao_boa(
    client: Any, certame_homologado: Any, rita: Any, settings: Any, monkeypatch: Any
) -> None:
    from cotas_web.ponte.erros import ErroCotas
    from cotas_web.publico import arquivos

    from .test_publico import nomear_edital

    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0  # todo certame conta como grande: pela fila
    url = reverse("publico:baixar", args=[certame_homologado.pk, "listas", "xlsx"])
    client.get(url)
    for t in Tarefa.objects.filter(estado=Estado.NA_FILA):
        fila.executar(str(t.pk))
    assert client.get(url).status_code == 200
    nomear_edital(certame_homologado, rita)  # versão nova; a geração dela é recusada

    def recusa(**_: Any) -> Any:
        raise ErroCotas("Empate não resolvido no cargo PROF entre " + "x, " * 20_000)

    monkeypatch.setattr(arquivos, "fonte_publicada", recusa)
    client.get(url)
    for t in Tarefa.objects.filter(estado=Estado.NA_FILA):
        fila.executar(str(t.pk))
    r = client.get(url)
    texto = r.content.decode()
    assert r.status_code == 503
    assert "listas.xlsx desta versão: A lei do certame recusa" in texto
    assert "Não foi possível gerar " in texto
    assert "Corrija o dado indicado" in texto and "Erro interno" not in texto
    assert "versão anterior" in texto and "desatualizado" in texto  # a última boa, marcada
    assert len(texto) < 32_000
