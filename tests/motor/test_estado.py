"""O livro guardado e retomado (`cotas.motor.estado`): retomar o estado depois de cada evento e
aplicar o seguinte dá o mesmo livro que reencenar tudo desde o edital, em sequências sorteadas de
eventos, sob as duas leis municipais e sob leis de um a quatro grupos."""

from __future__ import annotations

import pickle
from dataclasses import replace
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotas.motor.candidatos import Candidato
from cotas.motor.certame import (
    Certame,
    Evento,
    ParametrosCertame,
    Publicada,
    TipoEvento,
)
from cotas.motor.erros import ErroCotas
from cotas.motor.estado import EstadoIncompativel, carregar_cargos, guardar, retomar
from cotas.motor.eventos import ordenar_no_dia
from cotas.motor.regras import Regras
from tests.motor.test_atos_publicados import _publicadas
from tests.motor.test_grupos import certames as certames_de_varios_grupos
from tests.motor.test_propriedades import CONFIG, EDITAL, PROCEDIMENTO, candidatos, regras

PARAMETROS = ParametrosCertame(permite_final_de_fila=True)
TIPOS = ("desistencia", "novas_vagas", "anulacao", "final_de_fila", "eliminacao")


def _em_dois_cargos(cands: list[Candidato]) -> list[Candidato]:
    """Um terço dos candidatos no cargo D: um cargo que os eventos quase não tocam."""
    return [replace(c, cargo="D") if i % 3 == 2 else c for i, c in enumerate(cands)]


def _novo(
    r: Regras,
    cands: list[Candidato],
    vagas: dict[str, int],
    publicadas: dict[str, list[Publicada]] | None = None,
) -> Certame:
    return Certame(r, vagas, cands, parametros=PARAMETROS, publicadas=publicadas or {})


def _retomar(
    livro: Certame,
    r: Regras,
    cands: list[Candidato],
    vagas: dict[str, int],
    publicadas: dict[str, list[Publicada]] | None = None,
) -> Certame:
    """Guarda o livro e o retoma, como a aplicação web entre dois atos: o livro de cada cargo
    lido ou apurado é gravado de novo; o dos outros fica o que já estava guardado."""
    guardado = guardar(livro)
    banco = {**BANCOS.get(id(livro), {}), **guardado.cargos}
    retomado = retomar(guardado.livro, banco.__getitem__, r, vagas, cands,
                       parametros=PARAMETROS, publicadas=publicadas)  # fmt: skip
    BANCOS[id(retomado)] = banco
    return retomado


# O "banco" de cada livro retomado: os bytes guardados de cada cargo (id do livro -> cargo ->
# bytes; o livro vive enquanto o teste o usa).
BANCOS: dict[int, dict[str, bytes]] = {}


def _evento(certame: Certame, tipo: str, k: int, dia: date) -> Evento | None:
    """O evento do tipo sorteado sobre o k-ésimo candidato que pode sofrê-lo agora."""
    if tipo == "novas_vagas":
        return Evento(dia, TipoEvento.NOVAS_VAGAS, cargo="CD"[k % 2], quantidade=1 + k % 3,
                      justificativa="novas vagas")  # fmt: skip
    inscritos = [
        i
        for cargo in certame.cargos
        for i in certame.listas(cargo).geral.inscricoes()
        if not certame.excluida(i, cargo)
    ]
    if tipo == "anulacao":
        inscritos = [i for i in inscritos if certame._inscrito(i).reservas]  # type: ignore[union-attr]
    if not inscritos:
        return None
    inscricao = inscritos[k % len(inscritos)]
    if tipo == "anulacao":
        return Evento(dia, TipoEvento.ANULACAO, inscricao=inscricao, procedimento=PROCEDIMENTO)
    if tipo == "eliminacao":
        return Evento(dia, TipoEvento.ELIMINACAO, inscricao=inscricao, justificativa="motivo",
                      fundamento="Edital, item 9")  # fmt: skip
    return Evento(dia, TipoEvento(tipo), inscricao=inscricao, justificativa="motivo")


def _sortear_eventos(
    r: Regras, cands: list[Candidato], vagas: dict[str, int], intencoes: list[tuple[str, int]]
) -> list[Evento]:
    """Os eventos que a lei admite, na ordem: cada intenção vira um evento sobre o estado de
    então; o que a lei recusa fica de fora."""
    certame = _novo(r, cands, vagas)
    certame.abrir(r.data_edital)
    eventos: list[Evento] = []
    dia = r.data_edital
    for passo, (tipo, k) in enumerate(intencoes):
        dia += timedelta(days=passo % 2)  # dois eventos no mesmo dia, às vezes
        evento = _evento(certame, tipo, k, dia)
        if evento is None:
            continue
        if ordenar_no_dia([*eventos, evento]) != [*eventos, evento]:
            # No mesmo dia, o livro põe as saídas antes das novas vagas: este vai ao dia seguinte
            # (a web reencena tudo quando o ato novo não é o último na ordem do livro).
            dia += timedelta(days=1)
            evento = replace(evento, data=dia)
        try:
            certame.aplicar(evento)
        except ErroCotas:
            continue
        eventos.append(evento)
    return eventos


def _retrato(certame: Certame) -> dict[str, object]:
    """Tudo o que o livro responde, por cargo."""
    saida: dict[str, object] = {"ultimo": certame.ultimo_evento}
    for cargo in certame.cargos:
        inscritos = certame.listas(cargo).geral.inscricoes()
        saida[cargo] = (
            certame.nomeacoes(cargo),
            certame.ocorrencias(cargo),
            certame.vagas(cargo),
            certame.ocupantes(cargo),
            certame.lotes(cargo),
            [(i, certame.excluida(i, cargo), certame.vaga_ocupada(i, cargo)) for i in inscritos],
            list(certame.projetar(cargo, 3)),
        )
    return saida


def _conferir(r: Regras, cands: list[Candidato], vagas: dict[str, int], eventos: list[Evento],
              retomar_em: set[int]) -> Certame:  # fmt: skip
    reencenado = _novo(r, cands, vagas).apurar(eventos, abertura=r.data_edital)
    livro = _novo(r, cands, vagas)
    livro.abrir(r.data_edital)
    for i, evento in enumerate(eventos):
        if i in retomar_em:
            livro = _retomar(livro, r, cands, vagas)
        livro.aplicar(evento)
    livro = _retomar(livro, r, cands, vagas)
    assert _retrato(livro) == _retrato(reencenado)
    return livro


def _publicar_depois(
    r: Regras,
    cands: list[Candidato],
    vagas: dict[str, int],
    eventos: list[Evento],
    livro: Certame,
    escolhidas: dict[str, set[int]],
) -> None:
    """Atos publicados depois de guardado o estado (as nomeações de ordem em `escolhidas`): o
    livro retomado os reconhece e fica igual à reencenação com eles; tornar um deles sem efeito
    obriga a reencenar."""
    reencenado = _novo(r, cands, vagas).apurar(eventos, abertura=r.data_edital)
    publicadas = {c: _publicadas(reencenado.nomeacoes(c), escolhidas.get(c, set())) for c in vagas}
    com_atos = _novo(r, cands, vagas, publicadas).apurar(eventos, abertura=r.data_edital)
    retomado = _retomar(livro, r, cands, vagas, publicadas)
    carregar_cargos(retomado, [c for c, atos in publicadas.items() if atos])
    assert _retrato(retomado) == _retrato(com_atos)
    # O estado com os atos, retomado sem um deles (tornado sem efeito): não serve mais.
    com_um_a_menos = {c: lista[1:] for c, lista in publicadas.items()}
    if com_um_a_menos != publicadas:
        sem_um = _retomar(retomado, r, cands, vagas, com_um_a_menos)
        with pytest.raises(EstadoIncompativel, match="atos publicados"):
            carregar_cargos(sem_um, [c for c, atos in publicadas.items() if atos])


intencoes = st.lists(st.tuples(st.sampled_from(TIPOS), st.integers(0, 60)), max_size=12)


@CONFIG
@given(
    candidatos(),
    st.integers(1, 8),
    st.booleans(),
    st.sampled_from(["Montenegro/RS", "Mostardas/RS"]),
    intencoes,
    st.data(),
)
def test_retomar_depois_de_cada_evento_e_reencenar_dao_o_mesmo_livro(
    cands: list[Candidato],
    vagas: int,
    pcd: bool,
    municipio: str,
    passos: list[tuple[str, int]],
    data: st.DataObject,
) -> None:
    r = regras(pcd, municipio)
    cands = _em_dois_cargos(cands)
    por_cargo = {"C": vagas, "D": max(1, vagas // 2)}
    eventos = _sortear_eventos(r, cands, por_cargo, passos)
    retomar_em = set(data.draw(st.lists(st.integers(0, max(0, len(eventos) - 1)))))
    _conferir(r, cands, por_cargo, eventos, retomar_em)
    # E retomando depois de cada um, como a aplicação web faz a cada ato.
    livro = _conferir(r, cands, por_cargo, eventos, set(range(len(eventos))))
    escolhidas = {c: set(data.draw(st.sets(st.integers(1, 12)))) for c in por_cargo}
    _publicar_depois(r, cands, por_cargo, eventos, livro, escolhidas)


@CONFIG
@given(certames_de_varios_grupos(), intencoes)
def test_retomar_e_reencenar_dao_o_mesmo_livro_com_varios_grupos(
    caso: tuple[Regras, list[Candidato], int], passos: list[tuple[str, int]]
) -> None:
    r, cands, vagas = caso
    cands = _em_dois_cargos(cands)
    por_cargo = {"C": vagas, "D": max(1, vagas // 3)}
    eventos = _sortear_eventos(r, cands, por_cargo, passos)
    _conferir(r, cands, por_cargo, eventos, set(range(len(eventos))))


def test_retomar_nao_monta_as_listas_de_um_cargo_que_nenhum_evento_toca() -> None:
    r = regras(False)
    cands = [
        Candidato(inscricao=f"{c}{i}", nome=f"P {i}", cargo=c, nota=90 - i)  # type: ignore[arg-type]
        for c in "CD"
        for i in range(6)
    ]
    livro = _novo(r, cands, {"C": 2, "D": 2})
    livro.abrir(EDITAL)
    retomado = _retomar(livro, r, cands, {"C": 2, "D": 2})
    retomado.desistencia(EDITAL + timedelta(days=1), "C0")
    assert retomado._apuracoes["C"]._listas is not None
    assert "D" not in retomado._apuracoes  # nem o livro do cargo D foi lido
    assert retomado.nomeacoes("D")[0].inscricao == "D0"
    assert retomado._apuracoes["D"]._listas is None  # e as listas dele, nem montadas
    assert [n.inscricao for n in retomado.nomeacoes("C")] == ["C0", "C1", "C2"]


def _nenhum(cargo: str) -> bytes:
    raise AssertionError(f"o livro do cargo {cargo} não devia ser lido")


def test_estado_de_outra_forma_ou_ilegivel_e_recusado() -> None:
    r = regras(False)
    cands: list[Candidato] = []
    with pytest.raises(EstadoIncompativel, match="forma 99"):
        retomar(pickle.dumps((99, True, None, [])), _nenhum, r, {"C": 1}, cands)
    with pytest.raises(EstadoIncompativel, match="ilegível"):
        retomar(b"lixo", _nenhum, r, {"C": 1}, cands)
    livro = _novo(r, cands, {"C": 1})
    livro.abrir(r.data_edital)
    guardado = guardar(livro)
    retomado = retomar(guardado.livro, {"C": b"lixo"}.__getitem__, r, {"C": 1}, cands)
    with pytest.raises(EstadoIncompativel, match="cargo C ilegível"):
        retomado.nomeacoes("C")


def test_projetar_um_livro_retomado_nao_copia_os_inscritos(monkeypatch: pytest.MonkeyPatch) -> None:
    """A projeção copia só o livro do cargo: num livro retomado, quem monta as listas leva os
    inscritos inteiros consigo (num certame de um milhão, copiá-los a cada projeção levava
    minutos)."""
    from cotas.motor.colunar import InscritosColunares

    def recusar(self: object, memo: object) -> object:
        raise AssertionError("os inscritos foram copiados")

    r = regras(False)
    cands = [
        Candidato(inscricao=f"C{i}", nome=f"P {i}", cargo="C", nota=90 - i)  # type: ignore[arg-type]
        for i in range(6)
    ]
    livro = _novo(r, cands, {"C": 2})
    livro.abrir(r.data_edital)
    retomado = _retomar(livro, r, cands, {"C": 2})
    monkeypatch.setattr(InscritosColunares, "__deepcopy__", recusar, raising=False)
    assert [n.inscricao for n in retomado.projetar("C", 2)] == ["C2", "C3"]


def _reapurado(
    livro: Certame,
    r: Regras,
    cands: list[Candidato],
    vagas: dict[str, int],
    publicadas: dict[str, list[Publicada]],
    cargo: str,
    eventos: list[Evento],
) -> Certame:
    """O livro guardado retomado com os candidatos corrigidos e só o `cargo` reapurado, como a
    aplicação web depois de uma correção: os eventos do cargo, desde a abertura."""
    retomado = _retomar(livro, r, cands, vagas, publicadas)
    do_cargo = [
        e for e in eventos if (e.cargo or retomado.cargo_da_inscricao(e.inscricao or "")) == cargo
    ]
    retomado.reapurar(cargo, do_cargo, r.data_edital)
    return retomado


@CONFIG
@given(
    candidatos(),
    st.integers(1, 8),
    st.booleans(),
    st.sampled_from(["Montenegro/RS", "Mostardas/RS"]),
    intencoes,
    st.data(),
)
def test_corrigir_um_candidato_e_reapurar_so_o_cargo_dele_da_o_livro_da_reencenacao(
    cands: list[Candidato],
    vagas: int,
    pcd: bool,
    municipio: str,
    passos: list[tuple[str, int]],
    data: st.DataObject,
) -> None:
    """Uma correção depois de atos publicados: retomar o livro guardado antes dela e reapurar
    só o cargo do corrigido dá o mesmo livro (todos os cargos) que reencenar o certame inteiro
    com o valor corrigido; a lei recusa nos dois ou em nenhum."""
    r = regras(pcd, municipio)
    if not cands:
        return  # (nenhum a corrigir)
    cands = _em_dois_cargos(cands)
    por_cargo = {"C": vagas, "D": max(1, vagas // 2)}
    eventos = _sortear_eventos(r, cands, por_cargo, passos)
    reencenado = _novo(r, cands, por_cargo).apurar(eventos, abertura=r.data_edital)
    escolhidas = {c: set(data.draw(st.sets(st.integers(1, 12)))) for c in por_cargo}
    publicadas = {c: _publicadas(reencenado.nomeacoes(c), escolhidas[c]) for c in por_cargo}
    livro = _novo(r, cands, por_cargo, publicadas).apurar(eventos, abertura=r.data_edital)
    livro = _retomar(livro, r, cands, por_cargo, publicadas)
    i = data.draw(st.integers(0, len(cands) - 1))
    nota = data.draw(st.decimals(0, 100, places=2))
    corrigidos = [replace(c, nota=nota) if k == i else c for k, c in enumerate(cands)]
    cargo = corrigidos[i].cargo
    try:
        esperado = _retrato(
            _novo(r, corrigidos, por_cargo, publicadas).apurar(eventos, abertura=r.data_edital)
        )
    except ErroCotas as erro:
        with pytest.raises(type(erro)):
            _retrato(_reapurado(livro, r, corrigidos, por_cargo, publicadas, cargo, eventos))
        return
    obtido = _retrato(_reapurado(livro, r, corrigidos, por_cargo, publicadas, cargo, eventos))
    assert obtido == esperado
