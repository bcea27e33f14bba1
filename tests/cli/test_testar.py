"""`cotas testar`: os testes de lei como dados (issue 13, item 6).

Os testes que acompanham cada lei rodam aqui (e, portanto, em `make test`); os demais conferem
que uma expectativa errada FALHA dizendo onde e que um `[esperado]` malformado é entrada
inválida, com arquivo, linha e chave.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from cotas.cli.testar import cita
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.razoes import Referencia
from tests.arquivos.test_cenario import validar_esquema
from tests.cli.conftest import RAIZ, rodar

LEIS = RAIZ / "src" / "cotas" / "leis"
BASE = LEIS / "mostardas-rs" / "testes" / "limiar-de-3-vagas.toml"


@pytest.fixture
def teste(tmp_path: Path) -> Path:
    """Uma cópia de um teste de lei que passa, para estragar."""
    destino = tmp_path / "testes"
    destino.mkdir()
    shutil.copy(BASE, destino / BASE.name)
    shutil.copy(BASE.with_suffix(".csv"), destino / BASE.with_suffix(".csv").name)
    return destino / BASE.name


def _trocar(arquivo: Path, antes: str, depois: str) -> None:
    texto = arquivo.read_text(encoding="utf-8")
    assert antes in texto, antes
    arquivo.write_text(texto.replace(antes, depois, 1), encoding="utf-8")


def _linha_de(arquivo: Path, trecho: str) -> int:
    linhas = arquivo.read_text(encoding="utf-8").splitlines()
    return next(i for i, linha in enumerate(linhas, start=1) if trecho in linha)


# ---------------------------------------------------------------- os testes das leis


def test_os_testes_que_acompanham_as_leis_passam() -> None:
    r = rodar("testar")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "FALHOU" not in r.stdout and "aviso" not in r.stdout
    resumo = r.stdout.strip().splitlines()[-1]
    n = int(resumo.split()[0])
    assert resumo == f"{n} testes: {n} passaram, 0 falharam."
    assert r.stdout.count("PASSOU") == n


def test_cada_lei_com_texto_tem_os_seus_testes() -> None:
    """Cada ente com lei modelada traz testes nomeados pela situação, e cada lei com texto é a
    lei aplicada por pelo menos três deles."""
    aplicadas: dict[str, int] = {}
    for arquivo in sorted(LEIS.glob("*/testes/**/*.toml")):
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+\.toml", arquivo.name), arquivo.name
        esperado = tomllib.loads(arquivo.read_text(encoding="utf-8"))["esperado"]
        if "lei" in esperado:
            aplicadas[esperado["lei"]] = aplicadas.get(esperado["lei"], 0) + 1
    for lei in catalogo_padrao().leis:
        if lei.revogada_por is None:
            assert aplicadas.get(lei.id, 0) >= 3, (lei.id, aplicadas)


def test_os_arquivos_dos_testes_vao_no_pacote() -> None:
    """O pacote instalado leva cada tipo de arquivo das pastas de testes (package-data)."""
    pyproject = tomllib.loads((RAIZ / "pyproject.toml").read_text(encoding="utf-8"))
    padroes = pyproject["tool"]["setuptools"]["package-data"]["*"]
    sufixos = {p.suffix for p in LEIS.glob("*/testes/**/*") if p.is_file()}
    assert sufixos == {".toml", ".csv"}
    assert all(f"*{s}" in padroes for s in sufixos)


@pytest.mark.parametrize(
    "arquivo",
    sorted(LEIS.glob("*/testes/**/*.toml")),
    ids=lambda p: f"{p.parents[1].name}/{p.name}",
)
def test_cada_teste_de_lei_segue_o_esquema_do_cenario(arquivo: Path) -> None:
    validar_esquema(arquivo)


def test_uma_pasta_de_testes_roda_cada_teste_nas_subpastas(tmp_path: Path) -> None:
    for ente in ("mostardas-rs", "montenegro-rs"):
        shutil.copytree(LEIS / ente / "testes", tmp_path / ente)
    (tmp_path / "nao-e-teste.toml").write_text('id = "x"\n', encoding="utf-8")
    r = rodar("testar", tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "mostardas-rs/limiar-de-3-vagas.toml" in r.stdout
    assert "1 arquivo TOML ignorado" in r.stdout


def test_o_teste_e_um_cenario_que_o_apurar_le_sem_avisos() -> None:
    r = rodar("apurar", BASE)
    assert r.returncode == 0, r.stderr
    assert "aviso" not in r.stderr


# ---------------------------------------------------------------- expectativas erradas falham


def test_ordem_errada_falha_dizendo_a_nomeacao(teste: Path) -> None:
    _trocar(
        teste, '{ inscricao = "202", lista = "ampla" }', '{ inscricao = "203", lista = "ampla" }'
    )
    r = rodar("testar", teste.parent)
    assert r.returncode == 1
    assert f"FALHOU   {teste}" in r.stdout
    assert (
        "cargo ADM, nomeação 2: esperada 203 pela lista ampla; o motor nomeou 202 pela lista ampla"
        in r.stdout
    )
    assert "1 teste: 0 passaram, 1 falhou." in r.stdout


def test_lista_errada_falha(teste: Path) -> None:
    _trocar(teste, '{ inscricao = "204", lista = "negros"', '{ inscricao = "204", lista = "ampla"')
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "nomeação 3: esperada 204 pela lista ampla; o motor nomeou 204 pela lista negros" in (
        r.stdout
    )


def test_fundamento_errado_falha_com_as_citacoes_do_motor(teste: Path) -> None:
    _trocar(teste, '"art. 1º", "art. 5º, § 2º", "art. 4º"', '"art. 1º", "art. 9º", "art. 4º"')
    r = rodar("testar", teste)
    assert r.returncode == 1
    linha = next(x for x in r.stdout.splitlines() if 'o fundamento "' in x)
    assert 'cargo ADM, nomeação 3 (204): o fundamento "art. 9º" não está entre' in linha
    assert "art. 5º, § 2º" in linha  # as citações que o motor deu, para corrigir o teste
    assert '"art. 1º"' not in linha and '"art. 4º"' not in linha


def test_um_artigo_nao_cobre_outro_que_comeca_com_o_mesmo_numero() -> None:
    ref = Referencia("Lei X", "art. 14, § 2º", "texto")
    assert cita("art. 14", ref) and cita("art. 14, § 2º", ref) and cita("Lei X, art. 14", ref)
    assert not cita("art. 1º", ref) and not cita("art. 1", ref) and not cita("art. 14, § 3º", ref)
    assert not cita("Lei Y, art. 14", ref)


def test_reserva_errada_falha(teste: Path) -> None:
    _trocar(teste, "reservadas = { negros = 1 }", "reservadas = { negros = 2 }")
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "cargo ADM, vagas reservadas a negros: esperadas 2; o motor reservou 1" in r.stdout


def test_nomeacao_a_mais_ou_a_menos_falha(teste: Path) -> None:
    _trocar(teste, '  { inscricao = "202", lista = "ampla" },\n', "")
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "cargo ADM, nomeação 3: não esperada; o motor nomeou 204 pela lista negros" in r.stdout


def test_lei_errada_falha(teste: Path) -> None:
    _trocar(teste, 'lei = "mostardas-rs/lei-3920-2019"', 'lei = "montenegro-rs/lei-7344-2025"')
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "lei aplicável: esperada montenegro-rs/lei-7344-2025" in r.stdout


def test_um_que_passa_e_um_que_falha(teste: Path) -> None:
    outro = teste.with_name("outro-teste.toml")
    shutil.copy(teste, outro)
    _trocar(
        outro,
        'ampla = 2\nnomeacoes = [\n  { inscricao = "201"',
        'ampla = 3\nnomeacoes = [\n  { inscricao = "201"',
    )
    r = rodar("testar", teste.parent)
    assert r.returncode == 1
    assert "2 testes: 1 passou, 1 falhou." in r.stdout
    assert "vagas de ampla concorrência: esperadas 3; o motor deu 2" in r.stdout


def test_cenario_recusado_quando_se_esperava_resultado_falha(teste: Path) -> None:
    _trocar(teste, "data_edital = 2023-03-01", "data_edital = 2019-01-28")
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "o cenário não foi apurado:" in r.stdout
    assert "anterior a qualquer lei modelada" in r.stdout


def test_erros_esperados(teste: Path) -> None:
    texto = teste.read_text(encoding="utf-8")
    esperado = texto.index("[esperado]")
    teste.write_text(
        texto[:esperado].replace("data_edital = 2023-03-01", "data_edital = 2019-01-28")
        + '[esperado]\nerros = ["anterior a qualquer lei modelada", "não se aplica"]\n',
        encoding="utf-8",
    )
    r = rodar("testar", teste)
    assert r.returncode == 0, r.stdout
    _trocar(teste, '"não se aplica"', '"outra coisa"')
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert 'a recusa não diz "outra coisa"; o motor disse:' in r.stdout


def test_erro_esperado_que_nao_acontece_falha(teste: Path) -> None:
    texto = teste.read_text(encoding="utf-8")
    teste.write_text(
        texto[: texto.index("[esperado]")] + '[esperado]\nerros = ["qualquer"]\n', encoding="utf-8"
    )
    r = rodar("testar", teste)
    assert r.returncode == 1
    assert "o motor o apurou sem erros" in r.stdout


# ---------------------------------------------------------------- testes inválidos: código 2


def test_chave_desconhecida_no_esperado_e_invalida_com_a_linha(teste: Path) -> None:
    _trocar(teste, "[esperado.cargos.ADM]\n", "[esperado.cargos.ADM]\nnomeacao = []\n")
    r = rodar("testar", teste)
    assert r.returncode == 2
    assert f"INVÁLIDO {teste}" in r.stdout
    linha = _linha_de(teste, "nomeacao = []")
    assert f'linha {linha}, chave "esperado.cargos.ADM.nomeacao": chave desconhecida' in r.stderr


def test_nomeacao_sem_lista_aponta_a_linha_do_item(teste: Path) -> None:
    _trocar(teste, '{ inscricao = "202", lista = "ampla" }', '{ inscricao = "202" }')
    r = rodar("testar", teste)
    assert r.returncode == 2
    linha = _linha_de(teste, '{ inscricao = "202" }')
    assert (
        f'linha {linha}, chave "esperado.cargos.ADM.nomeacoes[2].lista": falta esta chave'
        in r.stderr
    )


def test_valores_de_tipo_errado_sao_todos_apontados(teste: Path) -> None:
    _trocar(teste, "reservadas = { negros = 1 }", 'reservadas = { negros = "1" }')
    _trocar(teste, 'fundamento = ["art. 3º", "art. 4º"]', 'fundamento = "art. 3º"')
    r = rodar("testar", teste)
    assert r.returncode == 2
    assert "esperado.cargos.ADM.reservadas.negros" in r.stderr
    assert "esperado.cargos.ADM.nomeacoes[1].fundamento" in r.stderr
    assert "2 erros de entrada" in r.stderr


def test_lista_ou_cargo_que_o_cenario_nao_tem_e_invalido(teste: Path) -> None:
    _trocar(
        teste, '{ inscricao = "202", lista = "ampla" }', '{ inscricao = "202", lista = "negro" }'
    )
    _trocar(teste, "[esperado.cargos.AUX]", "[esperado.cargos.AUXILIAR]")
    r = rodar("testar", teste)
    assert r.returncode == 2
    assert "lista desconhecida 'negro' (listas deste certame: ampla, negros)" in r.stderr
    assert "o cargo AUXILIAR não está no cenário" in r.stderr


def test_cenario_sem_esperado_e_invalido(teste: Path) -> None:
    texto = teste.read_text(encoding="utf-8")
    teste.write_text(texto[: texto.index("[esperado]")], encoding="utf-8")
    r = rodar("testar", teste)
    assert r.returncode == 2
    assert "falta a seção [esperado]" in r.stderr


def test_erros_e_resultados_juntos_e_invalido(teste: Path) -> None:
    _trocar(teste, "[esperado]\n", '[esperado]\nerros = ["x"]\n')
    r = rodar("testar", teste)
    assert r.returncode == 2
    assert "espera erros ou resultados, não os dois" in r.stderr


def test_toml_com_erro_de_sintaxe_e_invalido(teste: Path) -> None:
    _trocar(teste, "ampla = 2", "ampla = = 2")
    r = rodar("testar", teste.parent)
    assert r.returncode == 2
    assert "erro de sintaxe TOML" in r.stderr and "linha" in r.stderr


def test_invalido_vence_falhou_no_codigo_de_saida(teste: Path) -> None:
    outro = teste.with_name("outro-teste.toml")
    shutil.copy(teste, outro)
    _trocar(outro, "reservadas = { negros = 1 }", "reservadas = { negros = 5 }")
    _trocar(teste, "ampla = 2", 'ampla = "dois"')
    r = rodar("testar", teste.parent)
    assert r.returncode == 2
    assert "2 testes: 0 passaram, 1 falhou, 1 inválido." in r.stdout


def test_pasta_sem_testes_ou_inexistente(tmp_path: Path) -> None:
    r = rodar("testar", tmp_path)
    assert r.returncode == 2
    assert "nenhum teste de lei encontrado" in r.stderr
    r = rodar("testar", tmp_path / "nao-existe")
    assert r.returncode == 2
    assert "não existe" in r.stderr


# ---------------------------------------------------------------- ocorrências


@pytest.fixture
def desistencia(tmp_path: Path) -> Path:
    origem = LEIS / "mostardas-rs" / "testes" / "desistencia-de-negro-em-vaga-reservada.toml"
    shutil.copy(origem, tmp_path / origem.name)
    shutil.copy(origem.with_suffix(".csv"), tmp_path / origem.with_suffix(".csv").name)
    return tmp_path / origem.name


def test_ocorrencia_errada_falha(desistencia: Path) -> None:
    _trocar(
        desistencia,
        '{ tipo = "desistencia", inscricao = "704"',
        '{ tipo = "anulacao", inscricao = "704"',
    )
    r = rodar("testar", desistencia)
    assert r.returncode == 1
    assert (
        "cargo ADM, ocorrência 1: esperada anulacao da inscrição 704, vaga 3; o motor registrou "
        "desistencia da inscrição 704, vaga 3" in r.stdout
    )


def test_fundamento_errado_de_ocorrencia_falha(desistencia: Path) -> None:
    _trocar(
        desistencia,
        'vaga = 3, fundamento = ["art. 3º, § 2º"] },\n]',
        'vaga = 3, fundamento = ["art. 3º, § 3º"] },\n]',
    )
    r = rodar("testar", desistencia)
    assert r.returncode == 1
    assert (
        'cargo ADM, ocorrência 1 (desistencia): o fundamento "art. 3º, § 3º" não está' in r.stdout
    )


def test_ocorrencia_sem_tipo_e_invalida(desistencia: Path) -> None:
    _trocar(desistencia, '{ tipo = "desistencia", inscricao = "704"', '{ inscricao = "704"')
    r = rodar("testar", desistencia)
    assert r.returncode == 2
    linha = _linha_de(desistencia, '{ inscricao = "704", vaga = 3, fundamento')
    assert f'linha {linha}, chave "esperado.cargos.ADM.ocorrencias[1].tipo": falta' in r.stderr


def test_saida_cortada_por_quem_le_nao_e_erro() -> None:
    """`cotas testar | head`: quem lê para antes do fim; o comando sai quieto, sem erro interno."""
    import subprocess

    from tests.cli.conftest import COTAS

    processo = subprocess.Popen(
        [str(COTAS), "testar"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert processo.stdout is not None and processo.stderr is not None
    processo.stdout.close()
    erros = processo.stderr.read().decode()
    assert processo.wait() == 0, erros
    assert "Traceback" not in erros


# ---------------------------------------------------------------- os cenários legais


CENARIOS = RAIZ / "tests" / "motor" / "cenarios"


def test_os_cenarios_legais_passam_no_cotas_testar() -> None:
    """Os 47 cenários legais são testes de lei: o usuário os roda como o pytest os roda."""
    r = rodar("testar", str(CENARIOS))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().splitlines()[-1] == "47 testes: 47 passaram, 0 falharam."


def test_tabela_em_linha_erro_na_linha_do_cenario(tmp_path: Path) -> None:
    """A lista escrita no cenário: o erro de uma linha dela aponta a linha do próprio TOML."""
    origem = CENARIOS / "limiar_3_vagas_uma_reservada.toml"
    teste = tmp_path / origem.name
    shutil.copy(origem, teste)
    linha = _linha_de(teste, "Pessoa N1")
    _trocar(teste, "; preta", "; roxa")
    r = rodar("testar", str(teste))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f'{teste.name}, linha {linha}, coluna "cor_raca"' in r.stdout, r.stdout


def test_vagas_listas_e_trechos_errados_falham_dizendo_onde(tmp_path: Path) -> None:
    origem = CENARIOS / "reversao_sem_negros_suficientes.toml"
    teste = tmp_path / origem.name
    shutil.copy(origem, teste)
    _trocar(teste, "vagas_reservadas = { negros = [3, 8] }", "vagas_reservadas = { negros = [3] }")
    _trocar(teste, 'listas_reservadas = { negros = ["N1"] }', "listas_reservadas = { negros = [] }")
    _trocar(teste, '"revertida para a ampla concorrência"', '"revertida ao nada"')
    r = rodar("testar", str(teste))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "cargo ADM, vagas reservadas: esperadas negros: 3; o motor reservou negros: 3, 8" in (
        r.stdout
    )
    assert "cargo ADM, lista de negros: esperada vazia; o motor montou N1" in r.stdout
    assert 'cargo ADM: as razões não dizem "revertida ao nada"' in r.stdout


def test_erro_do_motor_conferido(tmp_path: Path) -> None:
    origem = CENARIOS / "desempate_sem_criterio_e_erro.toml"
    teste = tmp_path / origem.name
    shutil.copy(origem, teste)
    _trocar(teste, 'erro_do_motor = "EmpateNaoResolvido"', 'erro_do_motor = "EventoInvalido"')
    r = rodar("testar", str(teste))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "esperada a recusa pelo erro do motor EventoInvalido; veio de: EmpateNaoResolvido" in (
        r.stdout
    )
    _trocar(teste, 'erro_do_motor = "EventoInvalido"', 'erro_do_motor = "Inexistente"')
    r = rodar("testar", str(teste))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "erro do motor desconhecido 'Inexistente'" in r.stderr
